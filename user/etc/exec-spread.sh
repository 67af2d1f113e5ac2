# exec-spread.sh - exec placement across nodes, traced: make trace
# SCENARIO=exec-spread draws this on our kernel and the same lines on the
# companion Linux (tests/trace/linux_run.sh turns them into init commands).
# execer forks 4 children (2 x nodes on 2n2c2t) on its own CPU; each execs
# and sched_balance_exec() places it on the least loaded node, where it
# burns 400 ms. The shell's trace command records just the workload.
trace start
execer 4 400
trace stop
trace dump
poweroff
