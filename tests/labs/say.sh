# say.sh - the TAP lines of the course kit's own tests (kit.sh,
# grade-all-test.sh), sourced. `say OK NAME NOTE` prints the next one,
# "ok" when OK is 1 and "not ok" otherwise (an empty OK included);
# `say_end` prints the plan and "N passed, N failed", and returns 1 when
# a check failed.
n=0 failed=0

say() {	# say OK NAME NOTE
	n=$((n + 1))
	if [ "$1" = 1 ]; then
		echo "ok $n $2 # $3"
	else
		failed=$((failed + 1))
		echo "not ok $n $2 # $3"
	fi
}

say_end() {
	echo "1..$n"
	echo "$((n - failed)) passed, $failed failed"
	[ "$failed" = 0 ]
}
