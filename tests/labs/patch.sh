#!/usr/bin/env bash
# patch.sh apply|undo|print N - the code change of lab N (the ```patch block
# of docs/labN-*.md) applied to this tree with `git apply`, or taken back
# with `git apply -R`, or printed. The lab's Markdown is the one source of
# the change; the test of the labs applies the same block the same way.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# -eq 2 ] || { echo "usage: $0 apply|undo|print N" >&2; exit 2; }
what=$1 n=$2
md=$(ls docs/lab"$n"-*.md 2>/dev/null | head -1)
[ -n "$md" ] || { echo "patch.sh: no docs/lab$n-*.md" >&2; exit 2; }
diff=$(awk -f tests/labs/extract.awk "$md" | sed -n 's/^patch //p')
[ -n "$diff" ] || { echo "patch.sh: $md has no code change" >&2; exit 2; }
case $what in
print) printf '%s\n' "$diff" ;;
apply) printf '%s\n' "$diff" | git apply && echo "applied lab $n's change ($md)" ;;
undo) printf '%s\n' "$diff" | git apply -R && echo "took back lab $n's change" ;;
*) echo "usage: $0 apply|undo|print N" >&2; exit 2 ;;
esac
