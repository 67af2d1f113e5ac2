# excerpt.awk - does a lab's ```output excerpt still look like the real
# output of its step? (run.sh: every excerpt line is checked; excerpts.sh:
# each is replaced by the real line that it matches.)
#
#   awk -f excerpt.awk -v mode=check EXCERPT OUT   prints "# ..." for every
#       excerpt line no line of OUT matches; exit 1 when one did not
#   awk -f excerpt.awk -v mode=pick EXCERPT OUT    prints the excerpt with
#       each line replaced by the line of OUT that matches it and has the
#       most words in common with it (an unused one first)
#
# An excerpt line matches a real line when they have the same first word
# (digits aside: "spin[0]:" is "spin[1]:"), every key= of the excerpt is a
# key of the real line (but for keys with a digit, as node1=, which a line
# has only when that node has something), and the other words are the
# same in both (leaving out numbers and one-letter words), unless the
# excerpt line has a "..." (it abbreviates: then its words must be in the
# real line). A real line may have keys the excerpt does not show, and
# rq's expired_since= (there only while a task is expired) may be on one
# side and not the other. So a renamed
# key, or a renamed, added or dropped command, message or field name,
# fails the check,
# while the numbers of a run may differ. A line that is only "..." stands
# for lines left out; an excerpt line with "..." in it is kept as it is by
# mode=pick (it abbreviates) but still checked.

function shape(w) { gsub(/[0-9]+/, "N", w); return w }
function norm_words(line, keys, words,    n, i, t, a) {
	split("", keys); split("", words)
	n = split(line, a, /[ \t]+/)
	for (i = 1; i <= n; i++) {
		t = a[i]
		if (t == "") continue
		if (t ~ /^[A-Za-z_][A-Za-z_0-9]*=/) {
			sub(/=.*/, "", t)
			# node1= comes and goes with its node's tasks, and rq's
			# expired_since= with an expired task: neither is part
			# of a line's shape, on either side.
			if (t !~ /[0-9]/ && t != "expired_since") keys[t] = 1
			continue
		}
		if (t ~ /[0-9]/ || length(t) < 2 || t ~ /\.\.\./) continue
		words[t] = 1
	}
}
function first_word(line,    a) {
	split(line, a, /[ \t]+/)
	return a[1] != "" ? a[1] : a[2]
}
function matches(e, r,    ek, ew, rk, rw, k) {
	if (shape(first_word(e)) != shape(first_word(r))) return 0
	norm_words(e, ek, ew)
	norm_words(r, rk, rw)
	for (k in ek) if (!(k in rk)) return 0
	for (k in ew) if (!(k in rw)) return 0
	if (e ~ /\.\.\./) return 1	# an abbreviation may leave out the rest
	for (k in rw) if (!(k in ew)) return 0
	return 1
}
FNR == NR { ex[++ne] = $0; next }
{ out[++no] = $0 }
END {
	bad = 0
	for (i = 1; i <= ne; i++) {
		e = ex[i]
		if (e ~ /^[ \t]*\.\.\.[ \t]*$/ || e ~ /^[ \t]*$/) {
			if (mode == "pick") print e
			continue
		}
		# The matching line most like the excerpt (the most words equal
		# to the letter), one not picked before if there is one.
		hit = 0; best = -1
		for (pass = 1; pass <= 2 && !hit; pass++)
			for (j = 1; j <= no; j++) {
				if ((pass == 1 && (j in used)) || !matches(e, out[j]))
					continue
				sc = same_words(e, out[j])
				if (sc > best) { best = sc; hit = j }
			}
		if (hit) used[hit] = 1
		if (mode == "pick") {
			print (hit && e !~ /\.\.\./) ? out[hit] : e
		} else if (!hit) {
			print "# the excerpt's line is unlike any line of this run: " e
			bad = 1
		}
	}
	exit bad
}
