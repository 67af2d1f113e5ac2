# poweroff.sh - boot to user space and leave at once (status 0): the boot
# tests' check of a shape too big for the in-kernel tests (tests/boot/matrix.sh).
poweroff
