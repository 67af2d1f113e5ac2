#!/usr/bin/env bash
# excerpts.sh [docs/labN-*.md...] - refresh the ```output excerpts of the
# labs from the last `make test-labs` run (build/labs/results/): each
# excerpt line becomes the line of its step's real output that it matches
# (excerpt.awk), so the numbers a reader sees are a real run's. Lines with
# "..." in them are kept as they are. Run `make test-labs` first; then
# `make lab-excerpts` and read the diff. The teacher's key quotes the
# excerpts (docs/answers.md, tests/labs/quotes.sh): at the end every quote
# the refresh left behind is named, with the excerpt line it must now
# follow, and the status is 1 until docs/answers.md is fixed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
res=${LABS_OUT:-$top/build/labs}/results
if [ $# -gt 0 ]; then mds=("$@"); else mapfile -t mds < <("$here/labs.sh" "$top"); fi
for md in "${mds[@]}"; do
	n=$(basename "$md" | sed -nE 's/^lab([0-9]+).*/\1/p')
	tmp=$(mktemp) block=$(mktemp)
	k=0 inblock="" changed=0
	while IFS= read -r line; do
		if [ -n "$inblock" ]; then
			if [ "$line" = '```' ]; then
				if [ "$inblock" = output ]; then
					out=$res/lab$n.step$k.out
					if [ -s "$out" ]; then
						awk -v mode=pick -f "$here/words.awk" -f "$here/excerpt.awk" "$block" "$out" >>"$tmp"
						changed=1
					else
						echo "excerpts.sh: lab $n step $k has no output in $res; kept" >&2
						cat "$block" >>"$tmp"
					fi
				fi
				printf '%s\n' "$line" >>"$tmp"
				inblock=""
				continue
			fi
			if [ "$inblock" = output ]; then
				printf '%s\n' "$line" >>"$block"
			else
				printf '%s\n' "$line" >>"$tmp"
			fi
			continue
		fi
		printf '%s\n' "$line" >>"$tmp"
		case $line in
		'```boot'* | '```sh'* | '```host'*) k=$((k + 1)) inblock=other ;;
		'```output'*) inblock=output && : >"$block" ;;
		'```'?*) inblock=other ;;
		esac
	done <"$md"
	[ $changed = 1 ] && cp "$tmp" "$md"
	rm -f "$tmp" "$block"
done
if ! report=$("$here/quotes.sh"); then
	printf '%s\n' "$report" | grep -v '^ok '
	echo "excerpts.sh: docs/answers.md quotes the excerpts as they were: fix each quote above, and the sums worked out from it" >&2
	exit 1
fi
