# [9.4] [10.0] RULING R-525 in the referee: heroes who shoot.
# An AI side's hero shoots in a session as in `play` (the session's
# dispatcher passes the fire_indiv callback), and a human side, whose heroes
# are not asked to shoot, is told so at its Missile and Magic Phase prompt.
T=$(mktemp -d)
trap 'rm -rf "$T" "$_o" "$_e"' EXIT
cp "$DATA/hero_bow.yaml" "$T/h.yaml"
cd "$T" || exit 1

# both sides AI, the program's dice: the same events as play, shots included
yes go | head -80 | "$BS" referee h.yaml --seed 2 --journal a.journal --side 0=ai \
	--side 1=ai --dice all=program --log jsonl --out ref.jsonl >/dev/null 2>&1
"$BS" play h.yaml --seed 2 --log jsonl --out play.jsonl >/dev/null 2>&1
grep -q '"shot"' play.jsonl || { echo "the hero does not shoot in play"; exit 1; }
cmp -s ref.jsonl play.jsonl || { echo "referee (ai, program) != play with a hero who shoots"; exit 1; }

# South human: every prompt gets its answer from the cycle (the others are
# refused and asked again); the missile fire prompt says the hero is not asked
i=0
while [ $i -lt 40 ]; do printf 'go\nfirst\nhold\nstay\ndone\n'; i=$((i + 1)); done >in.txt
"$BS" referee h.yaml --seed 2 --journal b.journal --side 0=human --side 1=ai \
	--dice all=program <in.txt >out.txt 2>err.txt
grep -qF "Archer hero: not asked: a human side's heroes do not shoot [9.4] [10.0] (RULING R-525, R-549; \`side South ai\` shoots for them)" err.txt ||
	{ echo "the fire prompt does not say the hero is not asked"; exit 1; }
grep -q '"shot"' b.journal && { echo "a shot in the human side's journal"; exit 1; }
exit 0
