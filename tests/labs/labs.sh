#!/usr/bin/env bash
# labs.sh - the labs' Markdown files (docs/labN-*.md under the top of the
# tree, or under the folder given), one a line, in lab order: lab10 after
# lab9, where a glob puts it after lab1. run.sh, excerpts.sh and quotes.sh
# walk the labs in this order.
set -euo pipefail
top=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
printf '%s\n' "$top"/docs/lab[0-9]*.md | sort -V
