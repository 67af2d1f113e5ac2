# lib.sh - shared by the QEMU boot tests (sourced by matrix.sh, badacpi.sh).
# shellcheck shell=bash
#
# A boot runs scripts/qemu.sh (the one place that knows QEMU's common
# arguments) in batch mode with -kernel, under `timeout`, and leaves in its
# folder: serial.log (the guest's COM1), stderr (QEMU's own messages), rc
# (QEMU's exit status) and secs (wall time). The checks below read those and
# print what is wrong as TAP diagnostics ("# ..."), never as bare lines, so
# the guest's own KTAP "ok" lines cannot be mistaken for ours.
#
# Environment: BOOT_TIMEOUT (s, default 300), BOOT_JOBS (QEMUs at a time,
# default 2: the machine has 2 cores), KERNEL, TOPOEXPECT.
#
# The timeout only tells a hang from a slow host: it stays well above the
# longest boot seen on a host loaded several times over (make soak), since
# a boot's wall time grows with the host's load while its work does not.

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BOOT_TIMEOUT=${BOOT_TIMEOUT:-300}
BOOT_JOBS=${BOOT_JOBS:-2}
KERNEL=${KERNEL:-$top/build/kernel.elf}
TOPOEXPECT=${TOPOEXPECT:-$top/build/tests/topoexpect}
BOOT_OUT=${BOOT_OUT:-$top/build/tests/boot}

# QEMU exit statuses: isa-debug-exit makes it (value << 1) | 1; the kernel
# writes 0 when every ktest passed, 1 when one failed, 2 on panic.
EXIT_PASS=1
EXIT_FAIL=3
EXIT_PANIC=5

# boot_kernel DIR SHAPE CMDLINE [extra QEMU args...]
# With BOOT_ISO=file set, boot that ISO through GRUB instead (CMDLINE is then
# the ISO's business and ignored).
boot_kernel() {
	local dir=$1 shape=$2 cmdline=$3 t0 t1 rc kernel=$KERNEL
	shift 3
	mkdir -p "$dir"
	rm -f "$dir"/serial.log "$dir"/rc "$dir"/secs
	[ -n "${BOOT_ISO:-}" ] && kernel=
	t0=$EPOCHREALTIME
	ISO=${BOOT_ISO:-} QEMU_MODE=batch QEMU_KERNEL=$kernel QEMU_APPEND=$cmdline \
		timeout --kill-after=5 "$BOOT_TIMEOUT" \
		"$top/scripts/qemu.sh" "$shape" "$@" \
		</dev/null >"$dir/serial.log" 2>"$dir/stderr"
	rc=$?
	t1=$EPOCHREALTIME
	echo "$rc" >"$dir/rc"
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f\n", b - a }' >"$dir/secs"
}

# boot_iso_ready DIR SHAPE [extra QEMU args...]: boot ISO (default
# build/os.iso) through GRUB's default entry, which stays up: wait for
# "boot: ready" (or QEMU's end, or BOOT_TIMEOUT), then stop QEMU. Leaves
# serial.log, stderr and secs in DIR. QEMU_FIRMWARE passes to qemu.sh.
boot_iso_ready() {
	local dir=$1 shape=$2 pid t0 t1 i
	shift 2
	mkdir -p "$dir"
	rm -f "$dir/serial.log" "$dir/secs"
	t0=$EPOCHREALTIME
	ISO=${ISO:-$top/build/os.iso} QEMU_MODE=batch QEMU_KERNEL= \
		timeout --kill-after=5 "$BOOT_TIMEOUT" \
		"$top/scripts/qemu.sh" "$shape" "$@" </dev/null \
		>"$dir/serial.log" 2>"$dir/stderr" &
	pid=$!
	for ((i = 0; i < BOOT_TIMEOUT * 10; i++)); do
		grep -aq 'boot: ready' "$dir/serial.log" && break
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	t1=$EPOCHREALTIME
	kill "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f\n", b - a }' >"$dir/secs"
}

# What an exit status means, for diagnostics.
exit_meaning() {
	case $1 in
	"$EXIT_PASS") echo "all in-kernel tests passed" ;;
	"$EXIT_FAIL") echo "an in-kernel test failed" ;;
	"$EXIT_PANIC") echo "the kernel panicked" ;;
	0) echo "QEMU exited by itself: triple fault or reset (-no-reboot)" ;;
	124 | 137) echo "timed out after ${BOOT_TIMEOUT} s (hang)" ;;
	*) echo "unexpected QEMU status" ;;
	esac
}

# check_exit DIR WANT: 0 when QEMU's status is WANT.
check_exit() {
	local rc
	rc=$(cat "$1/rc")
	[ "$rc" = "$2" ] && return 0
	echo "# QEMU exit status $rc ($(exit_meaning "$rc")), want $2 ($(exit_meaning "$2"))"
	if [ -s "$1/stderr" ]; then
		sed 's/^/#   qemu: /' "$1/stderr" | head -5
	fi
	echo "#   last serial lines:"
	tr -d '\r' <"$1/serial.log" | tail -n 8 | sed 's/^/#   | /'
	return 1
}

# The guest's `topo:` lines. GRUB's escape sequences may sit before the first
# kernel line on the same line, so drop escape sequences and take each line
# from "topo: " on, where "topo:" starts a word ("cputopo: ..." is another
# message).
topo_lines() {
	tr -d '\r' <"$1" | awk '{ gsub(/\033\[[0-9;?]*[A-Za-z]/, "") }
	match($0, /(^|[^A-Za-z0-9_])topo: /) {
		s = substr($0, RSTART); sub(/^[^t]/, "", s); print s }'
}

# compare_topo EXPECTED_FILE SERIAL_LOG: 0 when the guest printed exactly the
# expected `topo:` lines. Lines are matched by key (the header, cpu=N,
# node=N, distance node=N); a missing, extra or different line is printed
# with its counterpart.
compare_topo() {
	topo_lines "$2" | awk -v expfile="$1" '
	function key(l,   f) {
		split(l, f, " ")
		if (f[2] ~ /^cpus=/) return "header"
		if (f[2] == "distance") return "distance " f[3]
		return f[2]
	}
	BEGIN {
		while ((getline l < expfile) > 0) {
			k = key(l); nexp++; ekey[nexp] = k; want[k] = l
		}
	}
	{
		k = key($0)
		if (k in got) {
			if (got[k] != $0) again[k] = $0
			next
		}
		got[k] = $0; ngot++; gkey[ngot] = k
	}
	END {
		bad = 0
		if (!nexp) { print "# no expected lines"; exit 1 }
		if (!ngot) { print "# the kernel printed no topo: lines"; exit 1 }
		for (i = 1; i <= nexp; i++) {
			k = ekey[i]
			if (!(k in got)) {
				print "# missing: " want[k]; bad = 1
			} else if (got[k] != want[k]) {
				print "#    want: " want[k]
				print "#     got: " got[k]; bad = 1
			}
			if (k in again) {
				print "# printed twice, differently: " again[k]; bad = 1
			}
		}
		for (i = 1; i <= ngot; i++)
			if (!(gkey[i] in want)) { print "#   extra: " got[gkey[i]]; bad = 1 }
		exit bad
	}'
}

# check_ktap SERIAL_LOG: 0 when the guest printed a KTAP header, a plan, as
# many results as planned, and no "not ok". Only unindented lines count:
# nested (indented) subtests roll up into their parent.
check_ktap() {
	tr -d '\r' <"$1" | awk '
	/^KTAP version / { hdr = 1 }
	/^1\.\.[0-9]+/ { plan = substr($1, 4) + 0; hasplan = 1 }
	/^ok [0-9]+/ { n++ }
	/^not ok [0-9]+/ { n++; nfail++; fails = fails " " $3 }
	END {
		if (!hdr) { print "# no KTAP header from the kernel"; exit 1 }
		if (!hasplan) { print "# no KTAP plan line (1..N)"; exit 1 }
		if (nfail) { print "# in-kernel tests failed:" fails; exit 1 }
		if (n != plan) { print "# KTAP plan 1.." plan " but " n " results"; exit 1 }
		if (!n) print "# note: KTAP plan 1..0, the kernel ran no in-kernel test"
	}'
}

# check_grep SERIAL_LOG ERE WHAT: 0 when the serial output matches ERE.
check_grep() {
	# Not grep -q: it would stop reading at the first match, tr would die
	# of SIGPIPE, and with pipefail the pipeline would fail anyway.
	tr -d '\r' <"$1" | grep -aE -- "$2" >/dev/null && return 0
	echo "# no $3 on the console (looked for /$2/)"
	return 1
}

# topo_acpi_only LOG: the log's topo: lines without the fields only CPUID
# and the memory map give, as build/tools/acpitopo prints them
# (topo_report_acpi in lib/topology.c).
topo_acpi_only() {
	topo_lines "$1" | sed -E 's/ (packages|cores|threads_per_core|runqueues|package|core|thread|siblings|core_siblings|rq|mem_mb)=[^ ]*//g'
}

# check_no_acpi_warning LOG: the kernel said nothing against the ACPI
# tables. Its `acpi:` lines are warnings except the two it always prints
# (where the RSDP is, what was usable) and, under acpi=last, the note that a
# table QEMU's -acpitable added replaces QEMU's own.
check_no_acpi_warning() {
	local w
	w=$(tr -d '\r' <"$1" | grep -a '^acpi: ' |
		grep -avE '^acpi: (RSDP at |RSDP from the boot loader |MADT (usable|missing or unusable): )|is a second (APIC|SRAT|SLIT) table; using the last \(acpi=last chooses\)$')
	[ -z "$w" ] && return 0
	echo "# ACPI warnings on valid tables:"
	printf '%s\n' "$w" | sed 's/^/#   | /'
	return 1
}

# expect_shape FILE SHAPE | expect_args FILE "ARGS": the expected topo lines.
# -s: the kernel merges SMT siblings into one runqueue (rq = the first
# sibling), as its scheduler does by default.
expect_shape() {
	"$TOPOEXPECT" -s -f "$top/tests/topologies" "$2" >"$1"
}
expect_args() {
	"$TOPOEXPECT" -s -a "$2" >"$1"
}

# Throttle: wait until fewer than BOOT_JOBS background jobs run.
throttle() {
	while [ "$(jobs -rp | wc -l)" -ge "$BOOT_JOBS" ]; do
		wait -n 2>/dev/null || true
	done
}

# Boots run in the background write their verdict to DIR/status (ok |
# not ok), their diagnostics to DIR/diag and their time to DIR/secs;
# report then prints them as the suite's TAP line, in the suite's order.
# verdict DIR BAD: BAD 0 is ok.
verdict() {
	if [ "$2" -eq 0 ]; then echo ok; else echo "not ok"; fi >"$1/status"
}

# report NAME DIR: the next TAP line (n counts them) for the boot in DIR.
report() {
	local name=$1 dir=$2
	n=$((n + 1))
	if [ -f "$dir/status" ]; then
		echo "$(cat "$dir/status") $n $name # $(cat "$dir/secs") s"
		cat "$dir/diag"
	else
		echo "not ok $n $name # the boot left no result"
	fi
}

# need_files F...: print a "# missing" line and return 1 when one is absent.
need_files() {
	local f ok=0
	for f; do
		if [ ! -e "$f" ]; then
			echo "# missing $f (build it first: make test-boot / test-badacpi)"
			ok=1
		fi
	done
	return $ok
}
