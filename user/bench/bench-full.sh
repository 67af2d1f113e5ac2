# bench-full.sh - make bench: every row, full rounds (bench/run.sh).
bench all
poweroff
