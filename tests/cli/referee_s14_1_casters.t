# Issue 16 [1.5 A] [14.1] in the referee: casters. A scripted/AI side's
# casts happen in a session as in `play` (the dispatcher passes the `cast`
# callback), and a human side is asked its casts at the cast prompt of step
# A (RULING R-660; the whole prompt: referee_s14_5_magic_prompts.t).
T=$(mktemp -d)
trap 'rm -rf "$T" "$_o" "$_e"' EXIT
cp "$DATA/magic_fireball.yaml" "$T/m.yaml"
cd "$T" || exit 1

# the file's controllers, the program's dice: the same events as play
yes go | head -80 | "$BS" referee m.yaml --seed 1 --journal a.journal \
	--side 0=ai --side 1=ai --dice all=program --log jsonl --out ref.jsonl >/dev/null 2>&1
"$BS" play m.yaml --seed 1 --rounds 2 --log jsonl --out play.jsonl >/dev/null 2>&1
grep -q '"type":"cast"' play.jsonl || { echo "no cast in play"; exit 1; }
grep -q '"type":"cast"' ref.jsonl || { echo "no cast in the referee's session"; exit 1; }

# South human (its Guards with bows, so that its Missile and Magic Phase has
# a fire prompt too): its caster is asked at the cast prompt, before the
# fire prompt; `done` casts nothing
sed '0,/weapons: \[spear\]/s//weapons: [short bow, short sword]/' m.yaml >m2.yaml
i=0
while [ $i -lt 40 ]; do printf 'go\nfirst\nhold\nstay\ndone\n'; i=$((i + 1)); done >in.txt
"$BS" referee m2.yaml --seed 1 --journal b.journal --side 0=human --side 1=ai \
	--dice all=program --log jsonl --out b.jsonl <in.txt >out.txt 2>err.txt
grep -qF "South, Missile and Magic Phase, step A [1.5 A]: a spell? [14.1] RULING R-660" err.txt ||
	{ echo "no cast prompt"; tail -20 err.txt; exit 1; }
grep -qF "  Zanzibar, 3 spells left: fireball (1) lightning bolt (1) magic missile (1)" err.txt ||
	{ echo "the cast prompt does not list the caster's spells"; exit 1; }
grep -q '"ask":"cast","side":0,"unit":-1,"indiv":-1,"text":"done"' b.journal ||
	{ echo "the answer to the cast prompt is not journaled"; exit 1; }
grep -q '"type":"cast","round":[0-9]*,"phase":"missile_magic","side":0' b.jsonl &&
	{ echo "the human side cast without being told to"; exit 1; }
grep -qF "not asked" err.txt && { echo "a human side's casters are still said not asked"; exit 1; }
exit 0
