# bench-boot.sh - bench/run.sh boots for the bring-up time only.
poweroff
