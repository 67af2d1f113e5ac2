# extract.awk - read a lab's Markdown (docs/labN-*.md) and print its plan:
# the one source of truth for what a student types, what the test runs and
# what both expect. Fenced blocks, by their info string:
#
#   ```boot     make lab TOPO=shape [BOOT="options"]: boots the guest (a new
#               session; the shell steps after it run in that boot)
#   ```sh       shell commands, one per line, as "sh$ CMD": one step
#   ```host     commands on the host, as "$ CMD", run from the tree's top
#               (or from a patched copy after a ```patch block): one step
#   ```patch    a unified diff (the lab's code change), applied to a copy
#               of the tree; later host steps of the lab run in that copy
#   ```expect   the checks of the step just before (tests/labs/check.sh)
#   ```output   an excerpt of what a run printed, for the reader; the test
#               checks that each of its lines still looks like a line the
#               step prints (excerpt.awk), and excerpts.sh refreshes it
#
# The step's name is the last "### " heading. Output, one record a line:
#   step KIND NAME      KIND = boot | sh | host
#   boot TOPO OPTIONS
#   cmd LINE
#   patch LINE
#   expect LINE
#   excerpt LINE
BEGIN { inblock = ""; heading = "" }
/^### / { heading = substr($0, 5) }
/^```/ {
	if (inblock != "") { inblock = ""; next }
	kind = substr($0, 4)
	sub(/[ \t].*/, "", kind)
	inblock = kind == "" ? "other" : kind
	if (inblock == "boot" || inblock == "sh" || inblock == "host")
		print "step " inblock " " heading
	if (inblock == "patch")
		print "patchstart"
	next
}
inblock == "boot" && /^make lab / {
	topo = ""; opts = ""
	if (match($0, /TOPO=[^ ]+/))
		topo = substr($0, RSTART + 5, RLENGTH - 5)
	if (match($0, /BOOT="[^"]*"/))
		opts = substr($0, RSTART + 6, RLENGTH - 7)
	print "boot " topo " " opts
	next
}
inblock == "sh" && /^sh\$ / { print "cmd " substr($0, 5); next }
inblock == "host" && /^\$ / { print "cmd " substr($0, 3); next }
inblock == "patch" { print "patch " $0; next }
inblock == "expect" && NF { print "expect " $0; next }
inblock == "output" { print "excerpt " $0; next }
