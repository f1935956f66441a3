# [13.7] RULING R-663 in referee mode: a human side's breather is asked
# his breath at the cast> prompt, with the breaths he has left today;
# typing what tests/data/dragon_breath.yaml scripts (the red dragon
# breathes at the Raiders) equals `play` of the file event for event;
# undo after the breath == never entered; kill -9 at the prompt, then
# --resume, == the uninterrupted session.
referee_setup dragon_breath.yaml \
	'go\nfirst\ndone\nhold\nstay\nindividual: Scarlet, cast: red dragon breath, target: Raiders\n' \
	'--seed 1 --side North=hold --side South=human --dice all=program'

"$BS" play s.yaml --seed 1 --rounds 1 --log jsonl --out play.jsonl >/dev/null 2>&1 ||
	{ echo "play failed"; exit 1; }
grep -q '"type":"cast".*"step":"cast".*"kind":"breath"\|"type":"cast".*"kind":"breath".*"step":"cast"' play.jsonl ||
	{ echo "play does not breathe"; exit 1; }
grep -v '"type":"end"' play.jsonl >play2.jsonl
# shellcheck disable=SC2086
"$BS" referee s.yaml $REF --journal w.journal --log jsonl --out ref.jsonl \
	<in.txt >/dev/null 2>err.txt
grep -q refused err.txt && { echo "an entry was refused"; grep refused err.txt; exit 1; }
# the Raiders, 2" from the dragon, may rout of its awe at once (RULING
# R-604) and the battle end: the `end` event of either is left out
grep -v '"type":"end"' ref.jsonl >ref2.jsonl
cmp -s ref2.jsonl play2.jsonl || { echo "the session differs from play"; diff ref2.jsonl play2.jsonl | head -5; exit 1; }
for m in '  Scarlet: red dragon breath (3 left today)' \
	'    red dragon breath in range at: Raiders'; do
	grep -qF "$m" err.txt || { echo "the cast prompt lacks: $m"; exit 1; }
done
[ "$(fp 6 'undo\n')" = "$(fp 5 '')" ] || { echo "undo after the breath"; exit 1; }
[ "$(fp 6 '')" != "$(fp 5 'done\n')" ] || { echo "the breath changed nothing"; exit 1; }
kill_at 5
got=$(printf 'status\nquit\n' | "$BS" referee --resume k.journal 2>/dev/null | grep 'inputs; state')
[ "$got" = "$(fp 5 '')" ] || { echo "resume after kill at the cast prompt: $got"; exit 1; }
cd / && rm -rf "$T"
