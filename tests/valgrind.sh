#!/bin/sh
# Runs the release binary under valgrind (memcheck) on each command of the
# tour and on bad input; any leak or memory error fails.
# Prints "valgrind: N passed, N failed".
BIN=${1:?usage: valgrind.sh BATTLESIM}
if ! command -v valgrind >/dev/null 2>&1; then
	echo "valgrind: not installed (make deps installs it)"
	exit 1
fi
dir=$(cd "$(dirname "$0")" && pwd)
pass=0
fail=0
check() {
	log=$(mktemp)
	valgrind -q --error-exitcode=99 --leak-check=full \
		--errors-for-leak-kinds=definite,indirect,possible \
		--log-file="$log" "$BIN" "$@" >/dev/null 2>&1
	code=$?
	if [ "$code" = 99 ] || [ -s "$log" ]; then
		echo "valgrind FAIL: battlesim $*"
		head -30 "$log"
		fail=$((fail + 1))
	else
		pass=$((pass + 1))
	fi
	rm -f "$log"
}
check --help
check tables
check cast fireball --level 6 --target-hd 4 --figures 3 --seed 7
check cast fireball --level 6 --target-hd 4 --figures 45 --twenty --odds --json
check cast fireball --level 5 --hp 30 --save 12 --odds
check roster
check roster --json
check check
check check "$dir/data/five_mistakes.yaml"
check roster "$dir/data/five_mistakes.yaml"
check attack --ar 17 --ac 8 --damage d8 --figures 10 --roll 7 --target-hd 10
check attack --ar 17 --ac 8 --damage d4/d4/d12 --odds --json
check attack --ar 17 --ac 8 --damage "d8+" --roll 7
check morale --ml 12 --closed --cb 2 --magic --roll 9
check play --seed 3 --quiet
check play --seed 3 --log jsonl
check sim --runs 10 --threads 2 --json
check sim --seed 2 --replay 1
# the other rulesets and the battle map
top=$(cd "$dir/.." && pwd)
b2e="$top/data/scenarios/borderland-raid-2e.yaml"
mx="$top/data/scenarios/shield-lands-matrix.yaml"
html=$(mktemp)
check roster "$b2e"
check play "$b2e" --seed 3 --quiet --html "$html"
check sim "$b2e" --runs 10 --threads 2 --json
check attack --rules bs2e --figures 8 --ad d8 --ar 7 --hits 2 \
	--roll 2,2,3,4,5,5,6,8 --armor-roll 1,3,3,4,5,8,9
check roster "$mx" --json
check play "$mx" --seed 3 --html "$html"
check sim "$mx" --runs 10 --threads 2 --html "$html"
check check "$dir/data/bs2e_errors.yaml"
# issue 16: casts in play (scripted), and the doctrine's in a sim
check play "$dir/data/magic_fireball.yaml" --seed 1 --rounds 2 --log jsonl
check sim "$dir/data/magic_fireball.yaml" --runs 4 --threads 2 --json
rm -f "$html"
echo "valgrind: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
