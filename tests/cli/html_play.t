# battlesim play --html FILE (issue 7): the battle map is one self-contained
# page; the log on stdout is the same with and without it; the embedded
# JSON holds the events of `play --log jsonl` (the same objects, in order),
# one text log line per event, the keyframes, the summary, and the roster
# sheets of `roster --json`.
d=$(mktemp -d)
trap 'rm -rf "$_o" "$_e" "$d"' EXIT
run play --seed 7 --html "$d/b.html"
expect_code 0
printf '%s\n' "$OUT" >"$d/with.txt"
"$BS" play --seed 7 >"$d/without.txt"
cmp -s "$d/with.txt" "$d/without.txt" || { echo "--html changed the log"; exit 1; }
[ -s "$d/b.html" ] || { echo "no page written"; exit 1; }
"$BS" play --seed 7 --log jsonl >"$d/events.jsonl"
"$BS" play --seed 7 --quiet --log jsonl --html "$d/q.html" >"$d/q.txt"
[ "$(wc -l <"$d/q.txt")" = 1 ] || { echo "--quiet --html printed a log"; exit 1; }
cmp -s "$d/b.html" "$d/q.html" || { echo "--quiet changed the page"; exit 1; }
"$BS" roster --json >"$d/roster.json"
python3 - "$d/b.html" "$d/events.jsonl" "$d/roster.json" <<'PY' || exit 1
import json, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
def fail(msg):
    print(msg); sys.exit(1)
# self-contained: nothing fetched
for pat in (r'\ssrc\s*=', r'<link\b', r'@import', r'url\(\s*["\']?(https?:|//)', r'\bfetch\(', r'XMLHttpRequest', r'href\s*=\s*["\']https?:'):
    if re.search(pat, page):
        fail("page refers to something outside itself: " + pat)
m = re.search(r'<script type="application/json" id="battle-data">(.*?)</script>', page, re.S)
if not m:
    fail("no embedded battle JSON")
raw = m.group(1)
if "</" in raw or "<!--" in raw:
    fail("'</' not escaped in the JSON")
b = json.loads(raw)
for k in ("format", "rules", "scenario", "seed", "setup", "events", "log", "keyframes", "summary"):
    if k not in b:
        fail("no key " + k)
if b["rules"] != "bs1e" or b["seed"] != 7:
    fail("rules/seed: %r %r" % (b["rules"], b["seed"]))
lines = [json.loads(l) for l in open(sys.argv[2])]
summary = lines.pop()
if b["events"] != lines:
    fail("the page's events differ from play --log jsonl")
if b["summary"] != summary:
    fail("the page's summary differs")
if len(b["log"]) != len(b["events"]):
    fail("%d log lines for %d events" % (len(b["log"]), len(b["events"])))
if b["setup"]["roster"] != json.load(open(sys.argv[3])):
    fail("the page's roster differs from roster --json")
s = b["setup"]
if len(s["units"]) != sum(1 for e in lines if e["type"] == "deploy" and "unit" in e):
    fail("setup units != deployed units")
for u in s["units"]:
    for k in ("side", "unit", "name", "base_w", "base_d", "figures", "files", "formation"):
        if k not in u:
            fail("unit lacks " + k)
kf = b["keyframes"]
if kf[0]["event"] != 0 or kf[-1]["event"] != len(lines):
    fail("keyframes do not span the battle")
phases = sum(1 for e in lines if e["type"] == "phase")
if len(kf) != phases + 3:  # battle_start, each phase, end, after the last
    fail("%d keyframes for %d phases" % (len(kf), phases))
last = kf[-1]["units"]
for u, su in zip(last, summary["units"]):
    if u[5] != su["left"]:
        fail("last keyframe figures %d, summary %d" % (u[5], su["left"]))
PY
