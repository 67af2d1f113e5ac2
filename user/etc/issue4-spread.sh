# issue4-spread.sh - exec spread alone, for the bigger shapes
# (tests/boot/user4.sh): execer with 2 x nodes children (8: 4 nodes).
echo issue4: spread
where
execer 8 300
poweroff
