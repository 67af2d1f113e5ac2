# sched.mk - the scheduler's host simulator and its tests. (placeholder)
