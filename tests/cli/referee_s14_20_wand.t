# [14.20] RULING R-681 in referee mode: a human side's hero who is no
# spell-caster but holds a wand is asked at the cast> prompt, which lists
# the wand with its charges left (tests/data/magic_wand.yaml: Hrolf, a
# fighter, a wand of fire balls with 2 charges). The session typing what
# the file scripts equals `play` of it event for event; once the wand is
# empty he is not asked any more.
cast='individual: Hrolf, cast: wand of fire balls, target: Ogres, at: [49.5, 66.5]'
referee_setup magic_wand.yaml \
	"go\nfirst\ndone\nhold\nstay\n$cast\ngo\nfirst\ndone\nhold\nstay\n$cast\ngo\nfirst\ndone\nhold\nstay\n" \
	'--seed 1 --side North=hold --side South=human --dice all=program'
"$BS" play s.yaml --seed 1 --rounds 2 --log jsonl --out play.jsonl >/dev/null ||
	{ echo "play failed"; exit 1; }
grep -v '"type":"end"' play.jsonl >play2.jsonl
head -n 12 in.txt >in2.txt
# shellcheck disable=SC2086
"$BS" referee s.yaml $REF --journal w.journal --log jsonl --out ref.jsonl \
	<in2.txt >/dev/null 2>err.txt
grep -q refused err.txt && { echo "an entry was refused"; grep refused err.txt; exit 1; }
cmp -s ref.jsonl play2.jsonl || { echo "the session differs from play"; diff ref.jsonl play2.jsonl | head -5; exit 1; }
for m in '  Hrolf: wand of fire balls (wand, 2 charges)' \
	'    wand of fire balls in range at: Ogres (9.8" of 16.0")' \
	'  Hrolf: wand of fire balls (wand, 1 charge)'; do
	grep -qF "$m" err.txt || { echo "the cast prompt lacks: $m"; exit 1; }
done
# round 3: the wand is empty: no cast question, the Missile and Magic
# Phase goes on to the Melee Phase without asking
# shellcheck disable=SC2086
"$BS" referee s.yaml $REF --journal w3.journal <in.txt >/dev/null 2>err3.txt
n=$(grep -c 'step A \[1.5 A\]: a spell?' err3.txt)
[ "$n" = 2 ] || { echo "want 2 cast questions, got $n"; tail -5 err3.txt; exit 1; }
