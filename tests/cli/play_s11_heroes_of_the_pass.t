# Issue 15 parts 2-3 in the shipped scenario heroes-of-the-pass (the
# Intermediate Game, doctrine AI on both sides, RULING R-548): among the
# first 100 seeds one log shows all of: the Knights of the Pass charging
# with -2 to AR and their heavy lances doubled [11.4]; the horde's
# chariots charging with -2 [11.4]; the pass pikemen's set pikes striking
# a charging enemy first, its losses removed before it strikes back
# [11.7]; the pass guard's shield wall declared and its +2 in melee
# [11.6]; no order rejected. The JSON Lines log has the SPECIAL event.
top=$(cd "$DATA/../.." && pwd)
S="$top/data/scenarios/heroes-of-the-pass.yaml"
found=
for seed in $(seq 1 100); do
	run play "$S" --seed $seed
	expect_code 0
	printf '%s\n' "$OUT" | grep -q 'Knights of the Pass attacks .* -2 cavalry/chariot charge \[8.3 T10\]; .* doubled + .*\[11.4\]' || continue
	printf '%s\n' "$OUT" | grep -q 'Crag chariots attacks .* -2 cavalry/chariot charge \[8.3 T10\]' || continue
	case "$OUT" in *"Pass pikemen: set spears strike the charging enemy first: its losses are removed before it strikes back [11.7]"*) ;; *) continue;; esac
	case "$OUT" in *"(set spears: removed before it strikes back) [11.7] [8.7]"*) ;; *) continue;; esac
	case "$OUT" in *"Pass pikemen set spears (front) declared"*) ;; *) continue;; esac
	case "$OUT" in *"Pass guard shield wall declared [11.6]"*) ;; *) continue;; esac
	case "$OUT" in *"+2 defender's shield wall: AC 2 better"*) ;; *) continue;; esac
	case "$OUT" in *"rejected"*) echo "seed $seed: an order rejected"; exit 1;; esac
	found=$seed
	break
done
[ -n "$found" ] || { echo "no seed of 1..100 shows the charges, set pikes and the shield wall"; exit 1; }
run play "$S" --seed "$found" --log jsonl
expect_code 0
expect_out '"type":"special"'
expect_out '"unit_name":"Pass pikemen","from":"none","to":"set-spears","sides":["front"]'
expect_out '"unit_name":"Pass guard","from":"none","to":"shield-wall"'
expect_out '{"amount":-2,"label":"cavalry/chariot charge","cite":"[11.4]"}'
