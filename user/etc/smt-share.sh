# smt-share.sh - two hogs more than CPUs, traced: lab 9 (docs/lab9-linux.md)
# draws it with make trace on our kernel (a runqueue shared by the two
# threads of a core) and on the companion Linux, with and without the boot
# option sched_shared_smt (patch 0004). spin starts its hogs on its own CPU
# and stops them all together 1500 ms later; each says where it ran.
trace start
spin +2 1500
trace stop
trace dump
poweroff
