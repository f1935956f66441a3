#!/bin/sh
# The layering of the library (docs/DESIGN.md "Layout"), checked:
#  - every file of src/, cli/ and include/battlesim/ belongs to a module
#    (the table below), each module to a layer;
#  - an #include goes to the file's own module or to a lower layer, never
#    to a sibling of its layer: no ruleset (bs1e, bs2e, matrix) includes
#    another ruleset, src/ai, src/report, src/sim or cli/;
#  - no include cycle among files;
#  - with OBJDIR (a build directory holding the objects of src/, e.g.
#    build/dev): the same for the symbols the objects use from each other
#    (the one exception: the ruleset table, src/battle/rulesets.c, names
#    the three rulesets' entry points), and no circle of symbols among the
#    files of src/report (their shared helpers are common.c).
# Modules are ordered, so no two of them can depend on each other.
#   sh tools/layers.sh [OBJDIR]     exit 0 when it all holds, 1 when not,
#                                   2 when the check itself failed
set -u
cd "$(dirname "$0")/.." || exit 1
objdir=${1:-}

# layer  module    directory        public headers (include/battlesim/)
modules='
0 core     src/core         rng.h dice.h diag.h deriv.h geom.h event.h
0 tables   src/bs1e/tables  bs1e_tables.h
1 model    src/model        model.h spell.h
2 battle   src/battle       battle.h controller.h
3 tabletop src/tabletop     tabletop.h ground.h terrain.h sight.h
4 bs1e     src/bs1e         bs1e_combat.h bs1e_heroes.h bs1e_morale.h bs1e_points.h bs1e_roster.h bs1e_missile.h bs1e_magic.h bs1e_undead.h
4 bs2e     src/bs2e         bs2e.h
4 matrix   src/matrix       matrix.h
5 scenario src/scenario     scenario.h warn.h deploy.h
5 ai       src/ai           ai.h
6 sim      src/sim          sim.h
7 report   src/report       report.h
7 referee  src/referee      referee.h
8 cli      cli              -
'
files=$(
	find src cli -name '*.[ch]' | sort
	ls include/battlesim/*.h
)
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
die() {
	echo "layers: $*" >&2
	exit 2
}

# FILE MODULE LAYER for every file.
echo "$files" | awk -v modules="$modules" '
BEGIN {
	n = split(modules, line, "\n")
	for (i = 1; i <= n; i++) {
		k = split(line[i], f, " ")
		if (k < 3)
			continue
		dir[f[2]] = f[3]
		layer[f[2]] = f[1]
		order[++nm] = f[2]
		for (j = 4; j <= k; j++)
			if (f[j] != "-")
				hdr["include/battlesim/" f[j]] = f[2]
	}
}
{
	m = ""
	if ($0 in hdr)
		m = hdr[$0]
	else
		for (i = 1; i <= nm; i++) {
			d = dir[order[i]] "/"
			# the longest directory wins: src/bs1e/tables
			if (index($0, d) == 1 && length(d) > length(best)) {
				best = d
				m = order[i]
			}
		}
	best = ""
	if (m == "")
		print $0, "-", "-"
	else
		print $0, m, layer[m]
}' >"$tmp/mod" || die "could not map the files to modules"

fail=0
unmapped=$(awk '$2 == "-" {print "  " $1}' "$tmp/mod") || die "awk failed"
if [ -n "$unmapped" ]; then
	echo "layers: files of no module (add them to tools/layers.sh):"
	echo "$unmapped"
	fail=1
fi

# FROM TO for every #include "..." (resolved as the compiler does: the
# file's own directory, then -Iinclude, -Isrc); ?NAME when not ours.
# shellcheck disable=SC2086
grep -H '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' $files /dev/null |
	awk -v list="$files" '
BEGIN { n = split(list, f, "\n"); for (i = 1; i <= n; i++) ours[f[i]] = 1 }
function norm(p,    k, i, out, part, m) {
	# a/b/../c -> a/c, ./ dropped
	m = split(p, part, "/"); k = 0
	for (i = 1; i <= m; i++) {
		if (part[i] == "." || part[i] == "")
			continue
		if (part[i] == ".." && k > 0) { k--; continue }
		out[++k] = part[i]
	}
	p = out[1]
	for (i = 2; i <= k; i++)
		p = p "/" out[i]
	return p
}
{
	file = substr($0, 1, index($0, ":") - 1)
	inc = $0
	sub(/^[^"]*"/, "", inc)
	sub(/".*$/, "", inc)
	dir = file
	sub(/\/[^\/]*$/, "", dir)
	if (norm(dir "/" inc) in ours) to = norm(dir "/" inc)
	else if (("include/" inc) in ours) to = "include/" inc
	else if (("src/" inc) in ours) to = "src/" inc
	else to = "?" inc
	print file, to
}' >"$tmp/inc" || die "could not read the includes"

# An edge FROM TO WHAT is allowed when TO's layer is lower, or the module
# is the same; else one line of why not.
check_edges() { # FILE-OF-EDGES KIND
	awk -v kind="$2" '
	NR == FNR { mod[$1] = $2; lay[$1] = $3; next }
	{
		a = $1; b = $2
		if (substr(b, 1, 1) == "?" || !(b in mod))
			next # system headers, generated files
		ma = mod[a]; mb = mod[b]
		if (ma == "-" || mb == "-" || ma == mb)
			next
		if (lay[b] + 0 < lay[a] + 0)
			next
		what = kind == "include" ? "includes " b : "uses " $3 " of " b
		if (lay[a] == 4 && lay[b] == 4)
			why = "a ruleset never uses another ruleset"
		else if (lay[a] == 4)
			why = "a ruleset uses only the battle engine, the tabletop, the model, the tables and the core"
		else if (lay[a] == lay[b])
			why = ma " and " mb " are siblings of one layer"
		else
			why = ma " (layer " lay[a] ") may not use " mb " (layer " lay[b] ")"
		print "  " a " " what ": " why
	}' "$tmp/mod" "$1"
}
bad=$(check_edges "$tmp/inc" include) || die "could not check the includes"
if [ -n "$bad" ]; then
	echo "layers: includes against the layering (docs/DESIGN.md):"
	echo "$bad"
	fail=1
fi

# Include cycles among files: depth-first search over the include graph.
cycles=$(awk '
{ n[$1]++; to[$1, n[$1]] = $2; node[$1] = 1; node[$2] = 1 }
function visit(v, path,    i, w) {
	state[v] = 1
	for (i = 1; i <= n[v]; i++) {
		w = to[v, i]
		if (state[w] == 1) {
			print "  " path " -> " w
			found = 1
		} else if (state[w] == 0)
			visit(w, path " -> " w)
	}
	state[v] = 2
}
END { for (v in node) if (state[v] == 0) visit(v, v) }' "$tmp/inc") ||
	die "could not search the include graph"
if [ -n "$cycles" ]; then
	echo "layers: include cycles:"
	echo "$cycles"
	fail=1
fi

# The symbols: which object defines what, and what each object uses.
if [ -n "$objdir" ]; then
	: >"$tmp/objs"
	for f in $(echo "$files" | grep '\.c$'); do
		o="$objdir/${f%.c}.o"
		if [ ! -f "$o" ]; then
			echo "layers: $o is missing (build $objdir first)"
			fail=1
			continue
		fi
		echo "$o $f" >>"$tmp/objs"
	done
	# SYMBOL FILE defined; FILE SYMBOL used (nm -A: "OBJECT:VALUE T NAME",
	# "OBJECT: U NAME")
	# shellcheck disable=SC2046
	nm -A --defined-only $(awk '{print $1}' "$tmp/objs") >"$tmp/nm" ||
		die "nm failed"
	awk 'NR == FNR { src[$1] = $2; next }
	$2 ~ /^[TDRBCV]$/ { print $3, src[substr($1, 1, index($1, ":") - 1)] }' \
		"$tmp/objs" "$tmp/nm" \
		>"$tmp/def" || die "awk failed"
	# shellcheck disable=SC2046
	nm -A --undefined-only $(awk '{print $1}' "$tmp/objs") >"$tmp/nm" ||
		die "nm failed"
	awk 'NR == FNR { src[$1] = $2; next }
	{ print src[substr($1, 1, index($1, ":") - 1)], $NF }' \
		"$tmp/objs" "$tmp/nm" >"$tmp/und" ||
		die "awk failed"
	# FROM TO SYMBOL; the ruleset table names the rulesets
	awk 'NR == FNR { def[$1] = $2; next }
	($2 in def) && def[$2] != $1 { print $1, def[$2], $2 }' \
		"$tmp/def" "$tmp/und" |
		awk '!($1 == "src/battle/rulesets.c" &&
		       $3 ~ /^(bs1e_ruleset|bs2e_ruleset|bs_matrix_ruleset)$/)' \
			>"$tmp/sym" || die "could not match the symbols"
	bad=$(check_edges "$tmp/sym" symbol) || die "could not check the symbols"
	if [ -n "$bad" ]; then
		echo "layers: symbols used against the layering (docs/DESIGN.md):"
		echo "$bad"
		fail=1
	fi
	circles=$(awk '$1 ~ /^src\/report\// && $2 ~ /^src\/report\// {
		if (!seen[$1 " " $2]++) print $1, $2 }' "$tmp/sym" | awk '
	{ n[$1]++; to[$1, n[$1]] = $2; node[$1] = 1; node[$2] = 1 }
	function visit(v, path,    i, w) {
		state[v] = 1
		for (i = 1; i <= n[v]; i++) {
			w = to[v, i]
			if (state[w] == 1)
				print "  " path " -> " w
			else if (state[w] == 0)
				visit(w, path " -> " w)
		}
		state[v] = 2
	}
	END { for (v in node) if (state[v] == 0) visit(v, v) }') ||
		die "could not search the reporters' symbols"
	if [ -n "$circles" ]; then
		echo "layers: reporters that depend on each other (share through common.c):"
		echo "$circles"
		fail=1
	fi
fi
[ "$fail" -eq 0 ] && echo "layers: ok"
exit "$fail"
