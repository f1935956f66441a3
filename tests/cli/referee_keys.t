# Referee mode at a terminal (issue 17): through a pseudo-terminal
# (script(1), libedit), Ctrl-C drops the line being typed and keeps the
# state (nothing journaled, the same question asked again), at a dice
# prompt, at the round prompt and on an empty line; lines typed ahead
# (before the first prompt, and while a round is being played) are read,
# not lost: the session equals the same input through a pipe; Tab
# completes commands and unit names.
T=$(mktemp -d)
trap 'rm -rf "$T" "$_o" "$_e"' EXIT
cp "$DATA/../../data/scenarios/borderland-raid.yaml" "$T/s.yaml"
cd "$T" || exit 1
command -v script >/dev/null || { echo "no script(1)"; exit 1; }
# libedit's own 84 bytes (tests/lsan.supp)
LSAN_OPTIONS=suppressions=$DATA/../lsan.supp
export LSAN_OPTIONS
state() { grep 'inputs; state' "$1" | tail -1 | tr -d '\r'; }
wait_for() { # TEXT FILE: wait until FILE has TEXT (10 s)
	i=0
	while ! grep -q -- "$1" "$2" 2>/dev/null; do
		i=$((i + 1))
		[ $i -lt 100 ] || { echo "never: $1"; tail -5 "$2"; exit 1; }
		sleep 0.1
	done
}
session() { # JOURNAL: start the session on a terminal, its input on fd 3
	rm -f in.fifo tty.txt
	mkfifo in.fifo
	script -qec "'$BS' referee s.yaml --side 0=ai --side 1=ai --journal $1" \
		/dev/null <in.fifo >tty.txt 2>&1 &
	pid=$!
	exec 3>in.fifo
}
finish() { # wait for the session to end; its exit code must be 0
	i=0
	while kill -0 $pid 2>/dev/null; do
		i=$((i + 1))
		[ $i -lt 300 ] || { echo "the session did not end"; kill $pid; exit 1; }
		sleep 0.1
	done
	exec 3>&-
	wait $pid || { echo "exit $?"; tail -5 tty.txt; exit 1; }
}

# Ctrl-C at a dice prompt with "3" typed: dropped, the die asked again
session c.journal
wait_for 'round 1> ' tty.txt
printf 'go\n' >&3
wait_for 'dice> ' tty.txt
printf '3' >&3
sleep 0.3
printf '\003' >&3
wait_for 'interrupted: the line is dropped' tty.txt
printf 'status\nquit\n' >&3
finish
want=$(printf 'go\nstatus\nquit\n' | "$BS" referee s.yaml --side 0=ai --side 1=ai \
	--journal p.journal 2>/dev/null | grep 'inputs; state' | tail -1)
[ -n "$want" ] && [ "$(state tty.txt)" = "$want" ] ||
	{ echo "Ctrl-C changed the state: $(state tty.txt) / $want"; exit 1; }
[ "$(grep -c '"t":' c.journal)" = 1 ] || { echo "the dropped line was journaled"; cat c.journal; exit 1; }
[ "$(grep -c 'Roll d6 for Broken Fang warband (initiative)' tty.txt)" -ge 2 ] ||
	{ echo "the die was not asked again"; exit 1; }

# Ctrl-C at the round prompt (with "undo" typed) and on an empty line
session r.journal
wait_for 'round 1> ' tty.txt
printf 'undo' >&3
sleep 0.3
printf '\003' >&3
wait_for 'interrupted' tty.txt
printf '\003' >&3
sleep 0.3
printf 'status\nquit\n' >&3
finish
[ "$(grep -c 'interrupted: the line is dropped' tty.txt)" = 2 ] ||
	{ echo "two Ctrl-C, not two drops"; cat -v tty.txt | tail; exit 1; }
grep -q '0 inputs; state' tty.txt || { echo "the state moved"; exit 1; }
[ ! -s r.journal ] || [ "$(grep -c '"t":' r.journal)" = 0 ] ||
	{ echo "an input journaled"; exit 1; }

# typed ahead: every line written before the first prompt, and while the
# rounds are played; read as they come, as through a pipe
in='go\n3\n5\n4 4\ngo\n2\n6\nstatus\nquit\n'
session t.journal
printf "$in" >&3
finish
want=$(printf "$in" | "$BS" referee s.yaml --side 0=ai --side 1=ai \
	--journal q.journal 2>/dev/null | grep 'inputs; state' | tail -1)
[ -n "$want" ] && [ "$(state tty.txt)" = "$want" ] ||
	{ echo "typed-ahead lines lost: $(state tty.txt) / $want"; cat -v tty.txt | tail -5; exit 1; }
cmp -s t.journal q.journal 2>/dev/null ||
	[ "$(grep -v battlesim_journal t.journal)" = "$(grep -v battlesim_journal q.journal)" ] ||
	{ echo "the journals differ"; exit 1; }

# Tab completes commands and unit names (libedit)
session k.journal
wait_for 'round 1> ' tty.txt
printf 'stat\t\n' >&3
wait_for 'inputs; state' tty.txt
printf 'roster Stonef\t\n' >&3
wait_for 'Stonefist ogres (Broken Fang warband): ' tty.txt
printf 'quit\n' >&3
finish
