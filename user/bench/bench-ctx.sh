# bench-ctx.sh - the switch rows alone, few rounds (syscall, ctx, pipe):
# a short boot for trying QEMU options (bench/notes.md, "Deterministic mode").
bench quick syscall ctx pipe
poweroff
