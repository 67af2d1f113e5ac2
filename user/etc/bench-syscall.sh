# bench-syscall.sh - the system call rows of user/bench, one process each
# time (QEMU makes some processes 2x slower than others: see bench/notes.md):
# 6 x syscall_null and yield_self, 3 x ctx_yield. Boot with and without
# nosysenter back to back to compare the two entries.
bench syscall
bench syscall
bench syscall
bench syscall
bench syscall
bench syscall
bench ctx
bench ctx
bench ctx
poweroff
