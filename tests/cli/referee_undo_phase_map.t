# Referee mode (issue 17's list): `undo phase` steps back to the start of
# the phase (the state of the inputs before it, nothing of the phase
# kept); `map FILE` writes the battle map of the game so far and says
# where, never over the scenario or the journal; `map` alone writes
# JOURNAL.html.
referee_setup hero_bow.yaml 'go\ndone\nfirst\ndone\nhold\n' '--seed 1 --side 1=ai --dice all=program'
# the Movement Phase's three answers (moves first, roles, an order) undone
[ "$(fp 5 'undo phase\n')" = "$(fp 2 '')" ] || { echo "undo phase: not the state before the phase"; exit 1; }
[ "$(fp 5 'undo phase\n')" != "$(fp 5 '')" ] || { echo "undo phase changed nothing"; exit 1; }
rm -f u.journal
# shellcheck disable=SC2086
e=$({ head -n 5 in.txt; printf 'undo phase\nquit\n'; } | "$BS" referee s.yaml $REF --journal u.journal 2>&1)
printf '%s' "$e" | grep -qF 'undo: back to 2 inputs (3 undone)' || { echo "undo phase: no word"; exit 1; }
# the map
rm -f mp.journal
# shellcheck disable=SC2086
out=$({ head -n 5 in.txt; printf 'map m.html\nmap s.yaml\nmap mp.journal\nmap\nquit\n'; } |
	"$BS" referee s.yaml $REF --journal mp.journal 2>&1)
printf '%s' "$out" | grep -qF 'map: the battle so far is in m.html (open it in a browser)' ||
	{ echo "map: not said where"; exit 1; }
grep -q '^<!DOCTYPE html>' m.html && grep -q 'Raiders' m.html || { echo "map: no battle map in m.html"; exit 1; }
printf '%s' "$out" | grep -qF 'map: s.yaml is the scenario: not written' || { echo "map over the scenario"; exit 1; }
printf '%s' "$out" | grep -qF 'map: mp.journal is the journal: not written' || { echo "map over the journal"; exit 1; }
grep -q '^name: ' s.yaml && grep -q battlesim_journal mp.journal || { echo "the scenario or the journal was touched"; exit 1; }
[ -s mp.journal.html ] || [ -s mp.html ] || { echo "map alone: no JOURNAL.html"; ls; exit 1; }
exit 0
