# userspace.sh - the user-mode tests (tests/boot/userspace.sh checks
# the output): exec spread, a checked pipe ping-pong, the
# system call fuzzer, a soak, and the shape of every shell command's
# output. Powers off with the number of failed commands as status.
echo userspace: begin
topo
where
time execer 4 300
spin 2 1500
time pipecheck 100000
time sysfuzz 100000 4
ps
time soak 150
ps
echo userspace: commands
ps
rq
schedstat
top -b 2 300
nice 5 ps
taskset 1 ps
chrt rr 5 ps
echo userspace: end
poweroff
