# parity.sh - the behaviour parity workloads (tests/parity/behave.sh runs
# this script on our kernel and the same commands, as init's run:PROG:ARGS,
# on the companion Linux; tests/parity/behave.c compares what they print).
# Every shape of the suite has 2 cores of 2 threads per node: `spin 2` is
# one hog per core of a node. Keep one command a line: the Linux side is
# made from these lines ("echo parity:X" marks where a scenario starts;
# schedstat becomes Linux init's stat: CPU 1's switches and ticks around
# nicemix).
echo parity:smt_fork
spin 2 2000
echo parity:exec
execer +0 500
echo parity:overload
spin +2 3000
echo parity:affinity
pin all 50
echo parity:nice
schedstat
nicemix 2 1
schedstat
echo parity:end
poweroff
