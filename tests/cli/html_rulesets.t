# The battle map of the other rulesets (issue 7): a 2E battle and a matrix
# battle (the built-in scenarios, when present) write a page whose JSON
# names its ruleset and holds the events of `play --log jsonl`; 2E
# keyframes carry each unit's order (good 0, shaken 1, routed 2).
top=$(cd "$DATA/../.." && pwd)
d=$(mktemp -d)
trap 'rm -rf "$_o" "$_e" "$d"' EXIT
for sc in borderland-raid-2e:bs2e shield-lands-matrix:matrix; do
	f="$top/data/scenarios/${sc%%:*}.yaml"
	[ -f "$f" ] || continue
	run play "$f" --quiet --html "$d/p.html"
	expect_code 0
	"$BS" play "$f" --log jsonl >"$d/e.jsonl" || { echo "$f: play failed"; exit 1; }
	python3 - "$d/p.html" "$d/e.jsonl" "${sc#*:}" <<'PY' || exit 1
import json, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
b = json.loads(re.search(r'id="battle-data">(.*?)</script>', page, re.S).group(1))
lines = [json.loads(l) for l in open(sys.argv[2])]
if b["rules"] != sys.argv[3]:
    print("rules", b["rules"]); sys.exit(1)
if b["events"] != lines[:-1] or b["summary"] != lines[-1]:
    print("events differ from play --log jsonl"); sys.exit(1)
if b["rules"] == "bs2e":
    for k in b["keyframes"]:
        for u in k["units"]:
            if len(u) != 10 or u[9] not in (0, 1, 2):
                print("2E keyframe without the order:", u); sys.exit(1)
if b["rules"] == "matrix" and not any(e["type"] == "mx_grid" for e in b["events"]):
    print("no mx_grid event to draw the matrix from"); sys.exit(1)
PY
done
