# --html usage and write errors (issue 7): a file that cannot be written
# fails at once (exit 1, nothing played or printed), an empty name is a
# usage error (exit 2).
run play --html ""
expect_code 2
expect_err "--html needs a file name"
run play --html /nonexistent-dir/b.html
expect_code 1
expect_err "/nonexistent-dir/b.html"
[ -z "$OUT" ] || { echo "played a battle it could not write"; exit 1; }
run sim --runs 10 --html ""
expect_code 2
expect_err "--html needs a file name"
run sim --runs 10 --html /nonexistent-dir/s.html
expect_code 1
expect_err "/nonexistent-dir/s.html"
[ -z "$OUT" ] || { echo "simulated battles it could not report"; exit 1; }
run sim --replay 2 --html /nonexistent-dir/r.html
expect_code 1
# the page is a file, never standard output
run play --html -
expect_code 2
expect_err "'-' (standard output) is not one"
run sim --runs 10 --html -
expect_code 2
expect_err "'-' (standard output) is not one"
# --out and --html on one file would overwrite each other: refused before
# anything is written, by name and by inode
d=$(mktemp -d)
run play --out "$d/x" --html "$d/x"
expect_code 2
expect_err "--out and --html name the same file"
[ ! -e "$d/x" ] || { echo "wrote $d/x anyway"; rm -rf "$d"; exit 1; }
: >"$d/y"
run play --out "$d/y" --html "$d/../$(basename "$d")/y"
expect_code 2
expect_err "--out and --html name the same file"
rm -rf "$d"
