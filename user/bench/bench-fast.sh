# bench-fast.sh - the rows of the kernel's fast paths (syscall, ctx, fork),
# few rounds: before/after numbers of a change to fork, exit, wait or the
# yield path under -icount (bench/notes.md). Boot with -- /etc/bench-fast.sh.
bench quick syscall ctx fork
poweroff
