# bench-fork.sh - the fork rows alone, three times (before/after numbers of
# a fork change: bench/notes.md). Boot with -- /etc/bench-fork.sh.
bench quick fork
bench quick fork
bench quick fork
poweroff
