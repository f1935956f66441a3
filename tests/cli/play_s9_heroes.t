# Issue 15 part 1, the shipped scenario heroes-of-the-pass (the
# Intermediate Game): two heroes, a wizard army commander and his deputy.
# No warning: the wizard memorizes nothing at this level (R-322).
# Among the first 20 seeds one log shows all of: individual combat AD&D
# round by round ([9.4 B]: three melee rounds with [5.2] individual
# initiative, the d20 against THAC0 - AC), a hero wounding a figure
# ([9.4 A]: a wound, never a kill), figures wounding a hero (4 hp a HD), a
# deputy taking over [9.3]; the summary counts the individuals killed and
# captured [9.4] [9.1]; the JSON Lines log of that seed documents every
# event type and key in docs/EVENTS.md; sim plays the scenario.
top=$(cd "$DATA/../.." && pwd)
S="$top/data/scenarios/heroes-of-the-pass.yaml"
run check "$S"
expect_code 0
n=$(printf '%s\n' "$ERR" | grep -c '^battlesim: warning:')
[ "$n" = 0 ] || { echo "want no warning, got $n"; _show; exit 1; }
found=
for seed in $(seq 1 20); do
	run play "$S" --seed $seed
	expect_code 0
	case "$OUT" in *"(melee round 3 of 3) individual initiative d6 = "*) ;; *) continue;; esac
	case "$OUT" in *") strikes at "*" -> hit, "*) ;; *) continue;; esac
	case "$OUT" in *"-> a wound (1/2 of a figure's HD or more) [9.4 A]"*) ;; *) continue;; esac
	case "$OUT" in *" hp -> "*": wounded by figures [9.4 A]"*) ;; *) continue;; esac
	case "$OUT" in *" takes over for "*"[9.3]"*) ;; *) continue;; esac
	found=$seed
	break
done
[ -n "$found" ] || { echo "no seed of 1..20 shows a duel, a hero's wound, a deputy"; exit 1; }
expect_out "Heroes and commanders: "
# the JSON Lines of that seed: every event type and key documented
f=$(mktemp)
trap 'rm -f "$_o" "$_e" "$f"' EXIT
"$BS" play "$S" --seed "$found" --log jsonl >"$f" 2>/dev/null || { echo "jsonl failed"; exit 1; }
for t in role indiv_order indiv_initiative duel hero_attack figure_attack hp; do
	grep -q "^{\"type\":\"$t\"" "$f" || { echo "seed $found: no $t event"; exit 1; }
done
for t in $(grep -o '^{"type":"[a-z_]*"' "$f" | sort -u | sed 's/.*:"//; s/"$//'); do
	grep -q "^### $t\$" "$top/docs/EVENTS.md" || [ "$t" = summary ] ||
		{ echo "event type $t not in docs/EVENTS.md"; exit 1; }
done
expect_keys_documented "$f" "$top/docs/EVENTS.md"
tail -n 1 "$f" | grep -q '"individuals_killed":' || { echo "summary lacks individuals_killed"; exit 1; }
# sim on it
run sim "$S" --runs 20 --seed 1
expect_code 0
expect_out "Company of the Silver Pass"
# sim on it is meaningful (issue 15): over 100 battles each side wins at
# least a fifth of them
run sim "$S" --runs 100 --seed 7 --json
expect_code 0
ps=$(printf '%s\n' "$OUT" | grep -o '"p_win": [0-9.]*' | grep -o '[0-9.]*$')
[ "$(printf '%s\n' "$ps" | wc -l)" = 2 ] || { echo "want two p_win, got: $ps"; exit 1; }
for p in $ps; do
	awk -v p="$p" 'BEGIN { exit !(p >= 0.2) }' || { echo "one-sided: a side wins $p of 100"; exit 1; }
done
