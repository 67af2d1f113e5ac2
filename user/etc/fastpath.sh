# fastpath.sh - the system call entries (tests/boot/sysenter.sh boots it
# with and without nosysenter and reads which entry fastpath saw): both
# entries' ways back, the bad-argument checks, and a short fuzz through both;
# fpucheck: each process's own x87 registers (arch/x86/fpu.h).
fastpath
fpucheck
badargs
sysfuzz 20000 5
forker 20
pipecheck 2000
poweroff
