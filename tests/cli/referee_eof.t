# Referee mode (issue 17, "Bad entries at every kind of prompt (out of
# range, words, empty, EOF, Ctrl-C) keep the state"): the end of input at
# each kind of prompt stops the session with a word and keeps the state:
# exit 0, "end of input: the session stops", nothing journaled for it, and
# --resume gives the state of the same inputs ended by quit. 1E: the round
# prompt, a die (initiative [5.1], a rally's 2d10 [6.2]), the order of the
# units' moves [7.0] (R-428), a unit's order [7.0]; the matrix: the order of the brigades'
# moves [M3.2] (R-438), a move [M3.2], an attack [M3.3], a split [M4.2]
# (R-437); and every other 1E prompt: fire [1.2] (R-431), pass-through
# [10.6] (a unit's, a hero's R-662), roles [9.0] (R-435), individual
# [9.2], melee [1.6 B] (R-430), follow [7.12], weapon [8.2], cast [14.1]
# (R-660), turn [14.19] (R-661); the 2E retreat (R-215). Ctrl-C (SIGINT)
# at each of them, and undo after each answer: tests/cli/referee_sigint_undo.t.
T=$(mktemp -d)
trap 'rm -rf "$T" "$_o" "$_e"' EXIT
cp "$DATA/../../data/scenarios/borderland-raid.yaml" "$T/s.yaml"
cp "$DATA/matrix_split.yaml" "$T/m.yaml"
for f in hero_bow mirror_a weapon_change bs2e_example magic_fireball turning; do
	cp "$DATA/$f.yaml" "$T/$f.yaml"
done
cd "$T" || exit 1

check() { # FILE ARGS-VAR PROMPT INPUTS: EOF at PROMPT after INPUTS
	f=$1 args=$2 want_prompt=$3 in=$4
	rm -f eof.journal q.journal
	# shellcheck disable=SC2086
	printf '%b' "$in" | "$BS" referee "$f" $args --journal eof.journal \
		>/dev/null 2>err.txt
	code=$?
	[ "$code" = 0 ] || { echo "EOF at $want_prompt: exit $code"; exit 1; }
	grep -qF "$want_prompt> end of input: the session stops; go on with: battlesim referee --resume eof.journal" err.txt ||
		{ echo "EOF at $want_prompt: no word"; tail -2 err.txt; exit 1; }
	n=$(printf '%b' "$in" | grep -c .)
	[ "$(wc -l <eof.journal)" = "$((n + 1))" ] ||
		{ echo "EOF at $want_prompt: $(wc -l <eof.journal) journal lines for $n inputs"; exit 1; }
	got=$(printf 'status\nquit\n' | "$BS" referee --resume eof.journal 2>/dev/null | grep 'inputs; state')
	# shellcheck disable=SC2086
	want=$(printf '%bstatus\nquit\n' "$in" | "$BS" referee "$f" $args --journal q.journal 2>/dev/null |
		grep 'inputs; state' | tail -1)
	[ -n "$want" ] && [ "$got" = "$want" ] || { echo "EOF at $want_prompt: $got / $want"; exit 1; }
}
E1="--side 1=ai"
check s.yaml "$E1" "round 1" ''
check s.yaml "$E1" "dice" 'go\n'
check s.yaml "$E1" "dice" 'go\n3\n'
check s.yaml "$E1" "dice" 'go\n3\n5\n'
check s.yaml "$E1" "sequence" 'go\n3\n5\n4 4\n'
check s.yaml "$E1" "order" 'go\n3\n5\n4 4\nin order\n'
MX="--seed 1 --side Horde=hold --dice all=program"
check m.yaml "$MX" "move order" 'go\n'
check m.yaml "$MX" "move" 'go\nEyrie Foot\n'
check m.yaml "$MX" "attack" 'go\nEyrie Foot\nforward\nforward\n'
check m.yaml "$MX" "split" 'go\nEyrie Foot\nforward\nforward\nOrc Spears\n'
P="--seed 1 --side 1=ai --dice all=program"
check hero_bow.yaml "$P" "fire" 'go\n'
check hero_bow.yaml "$P" "roles" 'go\ndone\nfirst\n'
check hero_bow.yaml "$P" "individual" 'go\ndone\nfirst\ndone\nhold\n'
check hero_bow.yaml "$P" "pass-through" 'go\ndone\nfirst\ndone\nhold\nstay\n'
check hero_bow.yaml "$P" "pass-through" 'go\ndone\nfirst\ndone\nhold\nstay\nnone\n'
check mirror_a.yaml "$P" "melee" 'go\nfirst\nin order\nhold\nhold\ngo\nin order\nhold\nhold\ngo\nfirst\nin order\nhold\nhold\n'
check weapon_change.yaml "$P" "follow" 'go\nfirst\nhold\n'
check weapon_change.yaml "$P" "weapon" 'go\nfirst\nhold\nstay\n'
check magic_fireball.yaml "$P" "cast" 'go\nfirst\ndone\nhold\nstay\n'
# (the clerics' bless and prayer [14.7] are asked first: done)
check turning.yaml "$P" "turn" 'go\nfirst\ndone\nhold\nstay\ndone\n'
check bs2e_example.yaml "$P" "retreat" 'go\nhold\nhold\nin order\nhold\nhold\nhold\n'
