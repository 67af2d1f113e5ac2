# bench-wakeup.sh - the wakeup row alone, few rounds: a short boot for
# looking into that row (bench/det-why.md).
bench quick wakeup
poweroff
