#!/usr/bin/env bash
# run.sh [docs/labN-*.md...] - run every step of every lab and check its
# output with the lab's own ```expect blocks (tests/labs/extract.awk reads
# the Markdown: the same commands and checks the students see).
#
# Each ```boot session boots build/kernel.elf with the labs' initrd
# (build/labs/initrd.cpio: the system's plus the generated /etc/labN-S.sh)
# and "OPTIONS -- /etc/labN-S.sh", at most BOOT_JOBS (2) QEMUs at once, each
# under a timeout (LAB_TIMEOUT s); the serial log is cut into steps at the
# "==step K==" markers. Host steps run after the boots, one at a time
# (HOST_TIMEOUT s each), after a ```patch block in a patched copy of the
# tree. One TAP line per step: "ok 7 lab2 step 3: Two hogs, one core";
# then one per lab section of docs/answers.md, whose quotes of the
# excerpts tests/labs/quotes.sh checks. Logs: build/labs/results/.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/boot/lib.sh
. "$here/../boot/lib.sh"
LABS_OUT=${LABS_OUT:-$top/build/labs}
LAB_INITRD=${LAB_INITRD:-$LABS_OUT/initrd.cpio}
BOOT_TIMEOUT=${LAB_TIMEOUT:-60}
HOST_TIMEOUT=${HOST_TIMEOUT:-120}
res=$LABS_OUT/results
. "$here/check.sh"

if [ $# -gt 0 ]; then mds=("$@"); else mapfile -t mds < <("$here/labs.sh" "$top"); fi
if ! need_files "$KERNEL" "$LAB_INITRD"; then
	echo "not ok 1 labs_prerequisites # build them: make test-labs"
	echo "1..1"
	exit 0
fi
rm -rf "$res" && mkdir -p "$res"

labno() { basename "$1" | sed -nE 's/^lab([0-9]+).*/\1/p'; }

# Pass 1: every guest session, in the background.
for md in "${mds[@]}"; do
	n=$(labno "$md")
	awk -f "$here/extract.awk" "$md" >"$res/lab$n.plan"
	s=0
	while read -r kw topo opts; do
		[ "$kw" = boot ] || continue
		s=$((s + 1))
		throttle
		boot_kernel "$res/lab$n-$s" "$topo" "${opts:+$opts }-- /etc/lab$n-$s.sh" \
			-initrd "$LAB_INITRD" &
	done <"$res/lab$n.plan"
done
wait

# The lines of step K of a session's log (0: the boot, up to init).
slice() {
	tr -d '\r' <"$1" | awk -v k="$2" '
	/^init: pid 1, starting/ { if (k == 0) exit }
	/^==step [0-9]+==$/ { on = ($0 == "==step " k "=="); next }
	/^\$ echo ==step [0-9]+==$/ { next }
	/^init: \/bin\/sh exited/ { on = 0 }
	k == 0 || on { print }'
}

# Pass 2: every step, in order; host steps run now.
t=0
for md in "${mds[@]}"; do
	n=$(labno "$md")
	plan=$res/lab$n.plan
	k=0 s=0 tree=$top
	kind="" name="" cmds=() checks=() excerpts=() patch=""
	finish_step() {
		[ -n "$kind" ] || return 0
		local out=$res/lab$n.step$k.out dir=$res/lab$n-$s diag ok=1 rc
		t=$((t + 1))
		case $kind in
		boot | sh)
			if [ "$kind" = sh ] && ! tr -d '\r' <"$dir/serial.log" |
				grep -a '^init: /bin/sh exited' >/dev/null; then
				diag="# the session lab$n-$s did not finish: $(exit_meaning "$(cat "$dir/rc")")"
				ok=0
			fi
			slice "$dir/serial.log" "$([ "$kind" = boot ] && echo 0 || echo "$k")" >"$out"
			;;
		host)
			: >"$out"
			# "needs CMD" checks: the step runs only when CMD succeeds;
			# status 1 skips it, any other fails it (CMD itself is
			# broken, and a skip would hide the step).
			for c in "${checks[@]}"; do
				[ "${c%% *}" = needs ] || continue
				(cd "$tree" && timeout 30 bash -c "${c#needs }") \
					</dev/null >"$out.needs" 2>&1
				rc=$?
				if [ $rc -eq 1 ]; then
					echo "ok $t lab$n step $k: $name # SKIP needs: ${c#needs }"
					kind=""
					return 0
				elif [ $rc -ne 0 ]; then
					echo "not ok $t lab$n step $k: $name"
					echo "# needs ${c#needs }: status $rc"
					sed 's/^/#   | /' "$out.needs" | tail -n 5
					kind=""
					return 0
				fi
			done
			for c in "${cmds[@]}"; do
				echo "\$ $c" >>"$out"
				# stdin: not the plan being read; \r: QEMU's serial.
				(cd "$tree" && timeout --kill-after=5 "$HOST_TIMEOUT" bash -c "$c") \
					</dev/null 2>&1 | tr -d '\r' >>"$out"
			done
			;;
		esac
		topo_lines "$dir/serial.log" 2>/dev/null >"$res/lab$n-$s.topo" || true
		if [ $ok = 1 ]; then
			diag=$(run_checks "$out" "$res/lab$n-$s.topo" "${checks[@]}") || ok=0
		fi
		# The excerpt the reader sees must still look like this output.
		if [ $ok = 1 ] && [ ${#excerpts[@]} -gt 0 ]; then
			printf '%s\n' "${excerpts[@]}" >"$res/lab$n.step$k.excerpt"
			diag=$(awk -v mode=check -f "$here/words.awk" -f "$here/excerpt.awk" \
				"$res/lab$n.step$k.excerpt" "$out") || ok=0
		fi
		if [ ${#checks[@]} -eq 0 ] && [ $ok = 1 ]; then
			echo "ok $t lab$n step $k: $name # SKIP no expect block"
		elif [ $ok = 1 ]; then
			echo "ok $t lab$n step $k: $name"
		else
			echo "not ok $t lab$n step $k: $name"
			echo "$diag"
			# Enough of the output to see the first error of a
			# host step, which comes before its later commands' lines.
			sed 's/^/#   | /' "$out" | tail -n 40
		fi
		kind=""
	}
	while IFS= read -r line; do
		kw=${line%% *} rest=${line#* }
		case $kw in
		step)
			finish_step
			k=$((k + 1)) kind=${rest%% *} name=${rest#* } cmds=() checks=() excerpts=()
			[ "$kind" = boot ] && s=$((s + 1))
			;;
		cmd) cmds+=("$rest") ;;
		expect) checks+=("$rest") ;;
		excerpt) excerpts+=("${line#excerpt }") ;;
		patchstart)
			finish_step
			patch=$res/lab$n.patch tree=$res/lab$n-tree
			: >"$patch"
			;;
		patch) printf '%s\n' "${line#patch }" >>"$patch" ;;
		boot) ;;
		esac
		# A patch is complete at the next step: make the patched copy.
		if [ "$kw" = step ] && [ -n "$patch" ]; then
			rm -rf "$tree" && mkdir -p "$tree"
			(cd "$top" && git ls-files -z --cached --others --exclude-standard | grep -zv '^docs/' |
				tar --null -T - -cf - 2>/dev/null) | tar -xf - -C "$tree"
			# git apply, as the lab tells the student (make lab-apply):
			# exact context, no fuzz. The ceiling keeps git from taking
			# the copy for a subfolder of this repository.
			if ! (cd "$tree" && GIT_CEILING_DIRECTORIES=$(dirname "$tree") \
				git apply "$patch") >"$res/lab$n.patch.log" 2>&1; then
				echo "# lab$n: the patch does not apply:"
				sed 's/^/#   /' "$res/lab$n.patch.log"
			fi
			patch=""
		fi
	done <"$plan"
	finish_step
done

# The teacher's key: its quotes of the excerpts above (quotes.sh), one
# line per lab section, numbered on from the steps.
while IFS= read -r line; do
	case $line in
	'ok '* | 'not ok '*)
		t=$((t + 1))
		ok=${line%%ok *}ok
		echo "$ok $t ${line#"$ok "}"
		;;
	*) echo "$line" ;;
	esac
done < <("$here/quotes.sh")
echo "1..$t"
