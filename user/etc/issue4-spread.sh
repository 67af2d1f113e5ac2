# issue4-spread.sh - exec spread alone, for the bigger shapes
# (tests/boot/user4.sh): execer with 2 x nodes children (8: 4 nodes),
# then two forked hogs that should stay on their node.
echo issue4: spread
where
execer 8 300
spin 2 1500
poweroff
