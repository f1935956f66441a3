# Issue 16 [1.5 A] [14.1] in the referee: casters. A scripted/AI side's
# casts happen in a session as in `play` (the dispatcher passes the `cast`
# callback), and a human side, whose casters are not asked, is told so at
# its Missile and Magic Phase prompt (docs/REFEREE.md "Not played yet").
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
# a fire prompt): its caster is named at the prompt, and casts nothing
sed '0,/weapons: \[spear\]/s//weapons: [short bow, short sword]/' m.yaml >m2.yaml
i=0
while [ $i -lt 40 ]; do printf 'go\nfirst\nhold\nstay\ndone\n'; i=$((i + 1)); done >in.txt
"$BS" referee m2.yaml --seed 1 --journal b.journal --side 0=human --side 1=ai \
	--dice all=program <in.txt >out.txt 2>err.txt
grep -qF "Zanzibar: not asked: a human side's casters cast no spells [1.5 A] [14.1] (\`side South ai\` casts for them)" err.txt ||
	{ echo "the fire prompt does not say the caster is not asked"; tail -20 err.txt; exit 1; }
grep -q '"cast"' b.journal && { echo "a cast in the human side's journal"; exit 1; }
exit 0
