# test.sh - the user-mode tests, then power off with the number of failed
# commands as QEMU's status (0: all passed). Boot with init args
# "/etc/test.sh" (init runs: sh /etc/test.sh).
badargs
forkbomb
cowcheck
zerocheck
forker 20
pipeping 100
pin all 20
poweroff
