#!/usr/bin/env bash
# scripts.sh OUTDIR docs/labN-*.md... - write the guest scripts of the labs:
# for each ```boot session of lab N, OUTDIR/labN-S.sh (S = 1, 2, ...) with
# the session's shell steps in order, each after a marker line
# "echo ==step K==" (K counts the lab's steps: boot, sh and host blocks) so
# tests/labs/run.sh can cut the serial log into steps. mk/labs.mk puts them
# in the labs' initrd as /etc/labN-S.sh: `make lab TOPO=... BOOT="-- /etc/lab2-1.sh"`
# replays a session without typing.
set -euo pipefail
here=$(dirname "$0")
out=${1:?usage: scripts.sh OUTDIR LAB.md...}
shift
mkdir -p "$out"
rm -f "$out"/lab*.sh
for md; do
	n=$(basename "$md" | sed -nE 's/^lab([0-9]+).*/\1/p')
	[ -n "$n" ] || { echo "scripts.sh: $md: not named labN-*.md" >&2; exit 2; }
	awk -v out="$out" -v n="$n" -v md="$md" '
	$1 == "step" { k++; kind = $2 }
	$1 == "boot" {
		s++; f = out "/lab" n "-" s ".sh"
		printf "# lab%d-%d.sh - generated from %s (tests/labs/scripts.sh):\n", n, s, md > f
		opts = $0; sub(/^boot +[^ ]+ */, "", opts); sub(/ +$/, "", opts)
		printf "# edit the Markdown, not this file. Replay: make lab TOPO=%s BOOT=\"%s-- /etc/lab%d-%d.sh\"\n",
			$2, opts == "" ? "" : opts " ", n, s > f
	}
	$1 == "cmd" && kind == "sh" {
		if (!s) { print "scripts.sh: " md ": a sh step before any boot" > "/dev/stderr"; exit 2 }
		if (k != last) { print "echo ==step " k "==" > f; last = k }
		print substr($0, 5) > f
	}' < <(awk -f "$here/extract.awk" "$md")
done
