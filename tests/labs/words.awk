# words.awk - what excerpt.awk and quotes.awk share (awk -f words.awk -f
# THEIRS.awk): how alike two lines are, to name the excerpt line closest
# to a wrong one.

# The words of e also in r, each counted as often as r has it.
function same_words(e, r,    a, b, n, m, i, c, seen) {
	n = split(e, a, /[ \t]+/); m = split(r, b, /[ \t]+/)
	for (i = 1; i <= m; i++) seen[b[i]]++
	c = 0
	for (i = 1; i <= n; i++) if (a[i] != "" && seen[a[i]]-- > 0) c++
	return c
}
