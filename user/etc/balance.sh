# balance.sh - load balancing inside and between nodes, watched live.
# spin's children all start next to their parent; top shows them spread
# (local moves first, node moves less often: 2.5.59's NUMA balancer).
spin 8 3000 &
top -b 3 1000
wait
schedstat
