#!/usr/bin/env bash
# run.sh OUT INITRD - the host tests of the user side: the ELF checker and
# cpio reader on crafted inputs and on the real INITRD (OUT/test_user), then
# the user library against glibc (OUT/test_ulib), the shell's line editor
# and command runner (OUT/test_sh). Result
# lines are renumbered into one TAP stream.
set -uo pipefail
out=${1:?usage: run.sh OUT INITRD}
initrd=${2:?usage: run.sh OUT INITRD}
n=0
rc=0
run() {
	"$@" > "$out/run.tmp" 2>&1 || rc=1
	while IFS= read -r line; do
		case "$line" in
		"ok "* | "not ok "*)
			n=$((n + 1))
			echo "$line" | sed -E "s/^(not )?ok [0-9]+/\\1ok $n/"
			;;
		"#"* | "1.."* | "KTAP"*) ;;
		*) echo "# $line" ;;
		esac
	done < "$out/run.tmp"
}
run "$out/test_user" "$initrd"
run "$out/test_ulib"
run "$out/test_sh"
echo "1..$n"
exit $rc
