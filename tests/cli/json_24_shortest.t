# Issue 12 item 24: every JSON output writes its reals in the shortest
# form that reads back as the same number (0.76, not 0.76000000000000001):
# sim --json above all, and roster, attack (1E, 2E), morale and the event
# log. Python's repr of a float is that shortest form; each real's text
# must be it (and --json reads back to the same values).
command -v python3 >/dev/null || { echo "no python3: skipped"; exit 0; }
top=$(cd "$DATA/../.." && pwd)
shortest() { # ARGS...: the command's JSON (one document, or one per line)
	"$BS" "$@" >"$_o" 2>"$_e" || { echo "$*: exit $?"; cat "$_e"; exit 1; }
	python3 - "$_o" "$*" <<'PY' || exit 1
import json, sys
bad = []
def real(t):
    if t != repr(float(t)):
        bad.append(t)
    return float(t)
text = open(sys.argv[1]).read()
dec = json.JSONDecoder(parse_float=real)
docs, i = 0, 0
while i < len(text):
    while i < len(text) and text[i].isspace():
        i += 1
    if i == len(text):
        break
    _, i = dec.raw_decode(text, i)
    docs += 1
if docs == 0 or bad:
    print(sys.argv[2] + ": not the shortest form: " + ", ".join(bad[:5]))
    sys.exit(1)
PY
}
shortest sim --runs 50 --json
shortest sim --runs 50 --json "$top/data/scenarios/borderland-raid-2e.yaml"
shortest sim --runs 50 --json "$top/data/scenarios/shield-lands-matrix.yaml"
shortest roster --json
shortest roster --json "$top/data/scenarios/shield-lands-matrix.yaml"
shortest attack --ar 17 --ac 8 --damage d8 --figures 10 --odds --json
shortest attack --rules bs2e --ad d8 --ar 5 --figures 3 --roll 6,2,8 --json
shortest morale --ml 12 --closed --roll 7 --json
shortest play --log jsonl --seed 5
# the numbers of sim --json are those of the text report: 0.76 there is
# 0.7600 here
out=$("$BS" sim --runs 50 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["sides"][0]["p_win"])')
txt=$("$BS" sim --runs 50 | grep -m1 ' wins ' | awk '{print $(NF-2)}')
python3 -c "import sys; sys.exit(0 if abs($out - $txt) < 5e-5 else 1)" ||
	{ echo "sim --json p_win $out, text $txt"; exit 1; }
