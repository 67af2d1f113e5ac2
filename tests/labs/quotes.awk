# quotes.awk - are the teacher's key's quotes of run output true? (quotes.sh
# feeds it the labs' plans, then docs/answers.md.)
#
#   awk -f quotes.awk PLANS ANSWERS
#
# PLANS is every lab's extract.awk plan, each line prefixed with the lab's
# number. In ANSWERS, two kinds of inline code are checked, each on one
# source line:
#
#   `labN step K: TEXT`   a quote: TEXT must be part of one line of the
#                         ```output excerpts under lab N's heading
#                         "### K. ..." (run.sh checks them against the
#                         step's real output, excerpts.sh refreshes them
#                         from it), whole words and numbers: "ms=2" is
#                         not in "ms=2800"
#   `EXPR = R`            a number worked out (from quoted ones, or from
#                         the code's constants): EXPR, of numbers,
#                         + - * / and parentheses only, must give R to R's
#                         decimals
#
# Prints one line per section of ANSWERS with quotes or sums in it (a
# section without any has nothing to check, and is not a skipped test):
# "ok answers lab N: ..." or "not ok ..." followed by a
# "# ..." line per wrong quote (with the excerpt line most like it, to copy
# from), unnumbered; run.sh numbers them. Exit 1 when one is wrong.

function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
# A recursive-descent evaluator for EXPR: sum, product, factor.
function peek() { return substr(ex, ep, 1) }
function skip() { while (peek() == " ") ep++ }
function ev_sum(    v, op) {
	v = ev_prod()
	for (skip(); (op = peek()) == "+" || op == "-"; skip()) {
		ep++
		v = op == "+" ? v + ev_prod() : v - ev_prod()
	}
	return v
}
function ev_prod(    v, op, d) {
	v = ev_factor()
	for (skip(); (op = peek()) == "*" || op == "/"; skip()) {
		ep++
		d = ev_factor()
		if (op == "*") v *= d
		else if (d == 0) { everr = 1; return 0 }
		else v /= d
	}
	return v
}
function ev_factor(    v) {
	skip()
	if (peek() == "(") {
		ep++; v = ev_sum(); skip()
		if (peek() != ")") everr = 1
		ep++
		return v
	}
	if (match(substr(ex, ep), /^[0-9]+(\.[0-9]+)?/)) {
		v = substr(ex, ep, RLENGTH) + 0
		ep += RLENGTH
		return v
	}
	everr = 1
	return 0
}
function evaluate(s) { ex = s; ep = 1; everr = 0; v = ev_sum(); skip()
	if (ep <= length(ex)) everr = 1
	return v }
function close_section(    name) {
	name = sec ~ /^[0-9]+$/ ? "lab " sec : sec
	if (nbad[sec])
		printf "not ok answers %s: %d of %d quotes and sums wrong\n%s",
			name, nbad[sec], nq[sec], diag[sec]
	else if (nq[sec])
		printf "ok answers %s: %d of %d quotes and sums true to the excerpts\n",
			name, nq[sec], nq[sec]
}
function fail(msg) { nbad[sec]++; diag[sec] = diag[sec] "# " msg "\n"; bad = 1 }
# text is in line, not as the end or the start of a longer word or number:
# "settle_ms=2" is not in "settle_ms=2800", nor "5 ms" in "15 ms".
function quoted_in(text, line,    from, rel, at, before, after) {
	for (from = 1; (rel = index(substr(line, from), text)); from = at + 1) {
		at = from + rel - 1
		before = at > 1 ? substr(line, at - 1, 1) : ""
		after = substr(line, at + length(text), 1)
		if ((text !~ /^[A-Za-z0-9_.]/ || before !~ /[A-Za-z0-9_.]/) &&
		    (text !~ /[A-Za-z0-9_.]$/ || after !~ /[A-Za-z0-9_.]/))
			return 1
	}
	return 0
}
function check_quote(code,    n, k, text, i, best, sc, hit) {
	n = code; sub(/^lab/, "", n); sub(/ .*/, "", n)
	k = code; sub(/^lab[0-9]+ step /, "", k); sub(/:.*/, "", k)
	text = code; sub(/^lab[0-9]+ step [0-9]+: /, "", text)
	if (!((n, k) in nex)) {
		fail(FILENAME ":" FNR ": `" code "`: lab " n " step " k " has no excerpt")
		return
	}
	for (i = 1; i <= nex[n, k]; i++)
		if (quoted_in(text, exl[n, k, i])) return
	best = -1
	for (i = 1; i <= nex[n, k]; i++)
		if ((sc = same_words(text, exl[n, k, i])) > best) { best = sc; hit = i }
	fail(FILENAME ":" FNR ": `" code "` is in no line of lab " n " step " k \
		"'s excerpt; its nearest line:\n#   " exl[n, k, hit])
}
function check_sum(code,    lhs, rhs, want, got, d, tol) {
	lhs = trim(substr(code, 1, index(code, "=") - 1))
	rhs = trim(substr(code, index(code, "=") + 1))
	got = evaluate(lhs)
	if (everr) { fail(FILENAME ":" FNR ": `" code "`: cannot read " lhs); return }
	d = index(rhs, ".") ? length(rhs) - index(rhs, ".") : 0
	tol = 0.5 / 10 ^ d + 1e-9
	want = rhs + 0
	if (got - want > tol || want - got > tol)
		fail(FILENAME ":" FNR ": `" code "`: " lhs " is " got)
}
FNR == NR {
	n = $1; kw = $2
	# Step K is the lab's "### K. ..." heading (the number the reader
	# sees): a boot step and its shell step share one.
	if (kw == "step") { step[n] = $4; sub(/[^0-9].*/, "", step[n]) }
	if (kw == "excerpt") {
		line = $0; sub(/^[0-9]+ excerpt /, "", line)
		exl[n, step[n], ++nex[n, step[n]]] = line
	}
	next
}
FNR == 1 { sec = "preamble" }
/^## / { close_section(); sec = "section \"" substr($0, 4) "\"" }
/^## Lab [0-9]+/ { sec = $3; sub(/[^0-9].*/, "", sec) }
{
	rest = $0
	while (match(rest, /`[^`]*`/)) {
		code = substr(rest, RSTART + 1, RLENGTH - 2)
		rest = substr(rest, RSTART + RLENGTH)
		if (code ~ /^lab[0-9]+ step [0-9]+: ./) {
			nq[sec]++; check_quote(code)
		} else if (code ~ /^[0-9(][-+*\/() 0-9.]* = [0-9]+(\.[0-9]+)?$/) {
			nq[sec]++; check_sum(code)
		}
	}
	# A quote broken over two lines would go unchecked: refuse it.
	if (rest ~ /`lab[0-9]+ step/ || rest ~ /`lab[0-9]*$/) {
		nq[sec]++
		fail(FILENAME ":" FNR ": a quote must stay on one line: " rest)
	}
}
END { close_section(); exit bad }
