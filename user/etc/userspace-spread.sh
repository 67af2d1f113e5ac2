# userspace-spread.sh - exec spread alone, for the bigger shapes
# (tests/boot/userspace.sh): execer with 2 x nodes children (8: 4 nodes),
# then two forked hogs that should stay on their node.
echo userspace: spread
where
execer 8 300
spin 2 1500
poweroff
