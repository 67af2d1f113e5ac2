# bench-o1.sh - the user-level O(1) rows alone, every size of
# user/bench/o1rows.h. Boot with -- /etc/bench-o1.sh.
bench o1
poweroff
