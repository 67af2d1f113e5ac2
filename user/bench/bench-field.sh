# bench-field.sh - the field's benchmarks alone (field.c, schbench.c) and
# the one-CPU switch row, few rounds. Boot with -- /etc/bench-field.sh.
bench quick ctx field schbench
poweroff
