#!/usr/bin/env bash
# reading.sh - docs/reading.md still tells the truth: every file of its
# table exists, is under 700 lines (a file a student reads in one sitting),
# and is within a tenth of the size the table gives; and the total the
# text states is within a tenth of the files' sum. One TAP line per file.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
md=$top/docs/reading.md
limit=700
n=0 fail=0 sum=0
while IFS='|' read -r _ file lines _; do
	file=$(echo "$file" | tr -d ' `') lines=$(echo "$lines" | tr -d ' ')
	[ -n "$file" ] && [[ $lines =~ ^[0-9]+$ ]] || continue
	n=$((n + 1))
	if [ ! -f "$top/$file" ]; then
		echo "not ok $n $file # no such file"; fail=$((fail + 1)); continue
	fi
	have=$(wc -l <"$top/$file")
	sum=$((sum + have))
	if [ "$have" -ge $limit ]; then
		echo "not ok $n $file # $have lines, the path's limit is $limit"
		fail=$((fail + 1))
	elif [ $((have * 10)) -lt $((lines * 9)) ] || [ $((have * 10)) -gt $((lines * 11)) ]; then
		echo "not ok $n $file # $have lines, the map says $lines"
		fail=$((fail + 1))
	else
		echo "ok $n $file # $have lines"
	fi
done < <(grep '^| `' "$md")
n=$((n + 1))
said=$(sed -nE 's/.*Together they are ([0-9]+) lines.*/\1/p' "$md")
if [ -n "$said" ] && [ $((sum * 10)) -ge $((said * 9)) ] && [ $((sum * 10)) -le $((said * 11)) ]; then
	echo "ok $n total # $sum lines, the map says $said"
else
	echo "not ok $n total # $sum lines, the map says ${said:-nothing}"
	fail=$((fail + 1))
fi
echo "1..$n"
echo "$((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]
