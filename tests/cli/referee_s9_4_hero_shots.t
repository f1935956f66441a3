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

# South human (RULING R-552): each prompt gets its answer from the cycle
# (the others are refused and asked again); after the units' volleys the
# heroes' prompt lists the hero's targets, refuses a shot the rules do not
# allow, and takes his shot
i=0
while [ $i -lt 40 ]; do
	printf 'go\nfirst\nhold\nstay\ndone\nfire: Archer hero, target: Boss\nfire: Archer hero, target: Raiders\ndone\n'
	i=$((i + 1))
done >in.txt
"$BS" referee h.yaml --seed 2 --journal b.journal --side 0=human --side 1=ai \
	--dice all=program --log jsonl --out b.jsonl <in.txt >out.txt 2>err.txt
grep -qF "South, Initial Missile Phase [1.2]: a hero's shot? [9.4] [10.0] RULING R-552 (fire: HERO, target: ENEMY | done)" err.txt ||
	{ echo "no heroes' prompt"; exit 1; }
grep -q "Archer hero (2 shots left) may shoot at: Raiders (.* range [0-9.]*\")" err.txt ||
	{ echo "the prompt does not list his targets"; exit 1; }
grep -qF "refused: the target is not on the table [9.4] [10.1]" err.txt ||
	{ echo "an illegal shot is not refused"; exit 1; }
grep -q '"text":"fire: Archer hero, target: Raiders, phase: initial"' b.journal ||
	{ echo "his shot is not in the journal"; exit 1; }
grep '"shot":true' b.jsonl | grep -q '"indiv_name":"Archer hero".*"fire":"initial"' ||
	{ echo "the human side's hero does not shoot"; exit 1; }
exit 0
