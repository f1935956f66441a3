# [10.5] [13.7] RULING R-637 in referee mode: a human side's lone
# breather is moved with "X Y breathe ENEMY" at the individual> prompt
# (the prompt says so); the session breathes half-way as `play` of the
# scripted file (its `breathe:`) does, event for event; a typo in the
# enemy's name is refused and asked again; undo after the move == never
# entered.
referee_setup split_breath.yaml \
	'go\nfirst\ndone\nhold\n50 58 breathe Raiders\n' \
	'--seed 2 --side North=hold --side South=human --dice all=program'
"$BS" play s.yaml --seed 2 --rounds 1 --log jsonl --out play.jsonl >/dev/null 2>&1 ||
	{ echo "play failed"; exit 1; }
grep -q '"split_fire":true' play.jsonl || { echo "play does not breathe on the way"; exit 1; }
# shellcheck disable=SC2086
"$BS" referee s.yaml $REF --journal w.journal --log jsonl --out ref.jsonl \
	<in.txt >/dev/null 2>err.txt
grep -q refused err.txt && { echo "an entry was refused"; grep refused err.txt; exit 1; }
grep -qF 'X Y breathe ENEMY, a breath half-way [10.5]' err.txt ||
	{ echo "the individual prompt does not offer the breath"; exit 1; }
# the session stops at the cast prompt of step A: compare what came before
n=$(wc -l <ref.jsonl)
head -n "$n" play.jsonl >play2.jsonl
cmp -s ref.jsonl play2.jsonl || { echo "the session differs from play"; diff ref.jsonl play2.jsonl | head -5; exit 1; }
grep -q '"split_fire":true' ref.jsonl || { echo "the session does not breathe on the way"; exit 1; }
# a typo: refused with the names, asked again
e=$(err_of 4 '50 58 breathe Raidrs\n')
printf '%s\n' "$e" | grep -q "Raidrs" || { echo "the typo is not refused: $e"; exit 1; }
[ "$(fp 5 'undo\n')" = "$(fp 4 '')" ] || { echo "undo after the move"; exit 1; }
cd / && rm -rf "$T"
