# bench-quick.sh - make bench QUICK=1: every row, few rounds (bench/run.sh).
bench quick all
poweroff
