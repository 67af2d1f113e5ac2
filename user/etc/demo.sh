# demo.sh - a tour of the scheduler, the same every time: sh /etc/demo.sh
# Each line is printed before it runs. About 20 s.
echo "== the machine, as the kernel sees it"
topo
echo "== the tasks now: init, this shell, the migration threads"
ps
echo "== 4 hogs start on one runqueue; the balancer spreads them"
spin 4 1500 &
sleep 500ms
rq
top -b 1 500
wait
echo "== exec is where a task may change node (sched_balance_exec)"
execer 4 200
echo "== pinned: sched_setaffinity keeps a task on its CPU"
pin all 50
echo "== nice levels sharing one CPU: slices by static priority"
nicemix 2 0
echo "== sleeper beside hogs: the interactivity bonus"
hog 2 &
sleeper 10 50
wait
echo "== pipes: sync wakeups pull the partner close"
pipeping 500
echo "== counters since boot"
schedstat
