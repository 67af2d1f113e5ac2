#!/usr/bin/env bash
# topo.sh [SHAPE...] - topology parity: the patched Linux against our kernel.
#
# For every shape of tests/topologies (or those named), boot the companion
# Linux (sched/linux/run.sh: /proc/sched_topo of patch 0001) and our kernel
# (build/kernel.elf with -append ktest, through tests/boot/lib.sh), and
# compare their `topo:` lines, matched by key (the summary, cpu=N, node=N,
# distance node=N). Every differing line is printed with its counterpart and
# the fields that differ. One TAP line per shape.
#
# The reference is our kernel when build/kernel.elf exists, else
# `topoexpect -s NAME` (the lines derived from the QEMU arguments, SMT
# siblings sharing a runqueue). With our kernel as the reference, Linux is
# also compared with topoexpect, and each disagreement is reported as a
# diagnostic without failing the shape (topoexpect is checked against QEMU
# itself by test-shapes, and our kernel against topoexpect by test-boot).
#
# rq= and runqueues=: Linux prints the runqueue a CPU would share with its
# SMT siblings (sched-2.5.59-D7), the first CPU of its sibling mask; our
# kernel prints the runqueue it uses, the same once it merges sibling
# runqueues (it does by default). Every field must match. PARITY_LOOSE_RQ=1
# (for a kernel that does not merge) reports a difference in those two
# fields only ("# rq: ...") without failing.
#
# Shapes of more than PARITY_BIG_CPUS vCPUs (default 64) compare Linux with
# topoexpect only: our kernel boots them once, in test-boot
# (tests/boot/matrix.sh), against the same topoexpect lines, so equality
# carries over without a second boot of many minutes.
#
# Linux boots every shape on the host clock, 8n30c2t's 240 vCPUs included:
# sched/linux/run.sh leaves out the -icount that shape has for our kernel
# (bench/notes.md, "Linux 6.1 at 240 CPUs").
#
# Environment: PARITY_REF=auto|ours|topoexpect (default auto),
# LINUX_TIMEOUT / BOOT_TIMEOUT (s per boot; default 30 + 3 per vCPU: the
# 64-vCPU shape boots Linux in 22-27 s here, 92 s at a load average of 50;
# 8 vCPUs in 3-7 s; 240 vCPUs in 58 s on a quiet host, 181 s at load 20-25
# and 427 s at load 35-58, with two QEMUs at once), BOOT_JOBS (QEMUs at a
# time, default 2).
# Logs: build/parity/topo/<shape>/{linux,ours}.log.
set -uo pipefail
user_boot_timeout=${BOOT_TIMEOUT:-}	# lib.sh sets its own default
# shellcheck source=tests/boot/lib.sh
. "$(dirname "$0")/../boot/lib.sh"

out=$top/build/parity/topo
ref=${PARITY_REF:-auto}
loose_rq=${PARITY_LOOSE_RQ:-0}
big_cpus=${PARITY_BIG_CPUS:-64}

if [ $# -gt 0 ]; then
	shapes=("$@")
else
	mapfile -t shapes < <(awk '!/^#/ && NF { print $1 }' "$top/tests/topologies")
fi

# What this run compares with; built here when missing so that the script
# also runs outside make (failures leave that reference out).
make -s --no-print-directory -C "$top" build/tests/topoexpect >/dev/null 2>&1 || true
if [ "$ref" != topoexpect ] && [ "$KERNEL" = "$top/build/kernel.elf" ]; then
	make -s --no-print-directory -C "$top" build/kernel.elf >/dev/null 2>&1 || true
fi
if [ "$ref" = auto ]; then
	if [ -e "$KERNEL" ]; then ref=ours; else ref=topoexpect; fi
fi
have_expect=0
[ -x "$TOPOEXPECT" ] && have_expect=1

echo "1..${#shapes[@]}"
if ! bzimage=${BZIMAGE:-$("$top/sched/linux/build.sh")} || ! initrd=$("$top/sched/linux/initramfs.sh"); then
	i=0
	for s in "${shapes[@]}"; do
		i=$((i + 1))
		echo "not ok $i topo_$s # the companion Linux did not build"
	done
	exit 0
fi
echo "# reference: $ref$([ "$ref" = ours ] && echo " ($KERNEL)")"
[ "$ref" = ours ] && [ $have_expect -eq 0 ] && echo "# no $TOPOEXPECT: Linux is compared with our kernel only"

cpus_of() {
	"$top/scripts/topo-args.sh" "$1" | sed -nE 's/.*-smp ([0-9]+).*/\1/p'
}

# Seconds allowed for one boot of a shape: 30 + 3 per vCPU (see above).
boot_timeout() {
	local n
	n=$(cpus_of "$1")
	echo $((30 + 3 * ${n:-1}))
}

# The reference of one shape: topoexpect for the big ones (see above).
shape_ref() {
	local n
	n=$(cpus_of "$1")
	if [ "$ref" = ours ] && [ "${n:-1}" -gt "$big_cpus" ] && [ $have_expect -eq 1 ]; then
		echo topoexpect
	else
		echo "$ref"
	fi
}

# Boot both kernels on one shape; files land in $out/<shape>/.
boot_shape() {
	local shape=$1 dir=$out/$1 t rc t0 expect
	rm -rf "$dir"
	mkdir -p "$dir"
	t=$(boot_timeout "$shape")
	t0=$EPOCHREALTIME
	# run.sh fails a boot on any oops, BUG or WARNING but the one a shape
	# is known to cause (sched/linux/expect.sh: a package on two nodes).
	expect=$("$top/sched/linux/expect.sh" "$shape")
	BZIMAGE=$bzimage INITRD=$initrd LINUX_TIMEOUT=${LINUX_TIMEOUT:-$t} \
		LINUX_APPEND="${LINUX_APPEND:-}" \
		LINUX_EXPECT_COMPLAINT=$expect \
		"$top/sched/linux/run.sh" "$shape" topo </dev/null >"$dir/linux.log" 2>&1
	rc=$?
	echo "$rc" >"$dir/linux.rc"
	awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f\n", b - a }' >"$dir/linux.secs"
	# 6.12's boot log has lines of its own with "topo: " in them
	# ("CPU topo: Max. threads per core: 2", arch/x86/kernel/cpu/topology
	# code's pr_fmt): those are not /proc/sched_topo's.
	grep -v '\] CPU topo: ' "$dir/linux.log" >"$dir/linux.nocputopo"
	topo_lines "$dir/linux.nocputopo" >"$dir/linux"
	if [ $have_expect -eq 1 ]; then
		"$TOPOEXPECT" -s -f "$top/tests/topologies" "$shape" >"$dir/topoexpect" 2>"$dir/topoexpect.err"
	fi
	if [ "$(shape_ref "$shape")" = ours ]; then
		BOOT_TIMEOUT=${user_boot_timeout:-$t} boot_kernel "$dir/ours-boot" "$shape" ktest
		cp "$dir/ours-boot/serial.log" "$dir/ours.log"
		cp "$dir/ours-boot/secs" "$dir/ours.secs"
		topo_lines "$dir/ours.log" >"$dir/ours"
	fi
}

# diff_topo A B NAME_A NAME_B IGNORE: print the lines that differ, matched
# by key, with the differing fields; the fields named in IGNORE (words) are
# left out first. Exit 1 when something differs.
diff_topo() {
	awk -v bfile="$2" -v na="$3" -v nb="$4" -v ignore="$5" '
	function strip(l,   n, f, i, k, o) {
		n = split(l, f, " ")
		o = f[1]
		for (i = 2; i <= n; i++) {
			k = f[i]; sub(/=.*/, "", k)
			if (!(k in ign)) o = o " " f[i]
		}
		return o
	}
	function key(l,   f) {
		split(l, f, " ")
		if (f[2] ~ /^cpus=/) return "summary"
		if (f[2] == "distance") return "distance " f[3]
		return f[2]
	}
	function fields(a, b,   na_, nb_, fa, fb, i, s) {
		na_ = split(a, fa, " "); nb_ = split(b, fb, " ")
		s = ""
		for (i = 2; i <= (na_ > nb_ ? na_ : nb_); i++)
			if (fa[i] != fb[i]) s = s " " fa[i] "|" fb[i]
		return s
	}
	BEGIN {
		n = split(ignore, iw, " ")
		for (i = 1; i <= n; i++) ign[iw[i]] = 1
		w = length(na) > length(nb) ? length(na) : length(nb)
		while ((getline l < bfile) > 0) {
			l = strip(l); k = key(l)
			if (!(k in b)) { nbk++; bkey[nbk] = k }
			b[k] = l
		}
	}
	{
		l = strip($0); k = key(l)
		if (!(k in a)) { nak++; akey[nak] = k }
		a[k] = l
	}
	END {
		bad = 0
		if (!nak) { printf "# %s printed no topo: lines\n", na; exit 1 }
		if (!nbk) { printf "# %s printed no topo: lines\n", nb; exit 1 }
		for (i = 1; i <= nak; i++) {
			k = akey[i]
			if (!(k in b)) {
				printf "# %*s: %s\n# %*s: (no such line)\n", w, na, a[k], w, nb; bad = 1
			} else if (a[k] != b[k]) {
				printf "# %*s: %s\n# %*s: %s\n", w, na, a[k], w, nb, b[k]
				printf "# %*s  %s:%s\n", w, "", "differs (" na "|" nb ")", fields(a[k], b[k])
				bad = 1
			}
		}
		for (i = 1; i <= nbk; i++)
			if (!(bkey[i] in a)) {
				printf "# %*s: (no such line)\n# %*s: %s\n", w, na, w, nb, b[bkey[i]]; bad = 1
			}
		exit bad
	}' "$1"
}

# Boot the biggest shapes first so that they overlap with the small ones.
mkdir -p "$out"
mapfile -t order < <(for s in "${shapes[@]}"; do
	echo "$(boot_timeout "$s") $s"
done | sort -rn | awk '{ print $2 }')
for s in "${order[@]}"; do
	throttle
	boot_shape "$s" &
done
wait

i=0
for s in "${shapes[@]}"; do
	i=$((i + 1))
	dir=$out/$s
	bad=0
	diag=$dir/diag
	: >"$diag"
	sref=$(shape_ref "$s")
	secs="linux $(cat "$dir/linux.secs") s"
	[ "$sref" = ours ] && secs="$secs, ours $(cat "$dir/ours.secs") s"
	[ "$sref" != "$ref" ] && secs="$secs, against topoexpect (ours: test-boot)"
	lrc=$(cat "$dir/linux.rc")
	if [ "$lrc" != 0 ]; then
		bad=1
		{
			echo "# Linux boot failed: run.sh status $lrc (124: timeout, 2: panic, 4: an oops, BUG or WARNING in the log)"
			tr -d '\r' <"$dir/linux.log" | tail -n 8 | sed 's/^/#   | /'
		} >>"$diag"
	fi
	if [ "$sref" = ours ]; then
		ignore=""
		[ "$loose_rq" = 1 ] && ignore="rq runqueues"
		diff_topo "$dir/linux" "$dir/ours" linux ours "$ignore" >>"$diag" || bad=1
		if [ -n "$ignore" ] && [ $bad -eq 0 ] &&
		   ! diff_topo "$dir/linux" "$dir/ours" linux ours "" >/dev/null; then
			echo "# rq: only rq=/runqueues= differ (ours does not merge SMT runqueues)" >>"$diag"
		fi
		if [ $have_expect -eq 1 ] &&
		   ! diff_topo "$dir/linux" "$dir/topoexpect" linux topoexpect "" >"$dir/expect.diag"; then
			{
				echo "# Linux disagrees with topoexpect -s (reported, not failed):"
				cat "$dir/expect.diag"
			} >>"$diag"
		fi
	elif [ $have_expect -eq 1 ]; then
		if [ ! -s "$dir/topoexpect" ]; then
			sed 's/^/# topoexpect: /' "$dir/topoexpect.err" >>"$diag"
			bad=1
		else
			diff_topo "$dir/linux" "$dir/topoexpect" linux topoexpect "" >>"$diag" || bad=1
		fi
	else
		echo "# neither build/kernel.elf nor build/tests/topoexpect: nothing to compare with" >>"$diag"
		bad=1
	fi
	if [ $bad -eq 0 ]; then
		echo "ok $i topo_$s # $secs"
	else
		echo "not ok $i topo_$s # $secs"
	fi
	cat "$diag"
done
exit 0
