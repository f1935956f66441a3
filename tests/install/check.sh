#!/bin/sh
# The installed library links with what pkg-config says, nothing else
# (issue 12 item 24): `make install` into a temporary prefix, build
# tests/install/hello.c with `pkg-config --cflags --libs battlesim`, run
# it. Usage: check.sh MAKE CC
MAKE=${1:-make}
CC=${2:-cc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
$MAKE --no-print-directory install PREFIX="$tmp" >"$tmp/install.log" 2>&1 ||
	{ cat "$tmp/install.log"; echo "install-check: make install failed"; exit 1; }
PKG_CONFIG_PATH="$tmp/lib/pkgconfig"
export PKG_CONFIG_PATH
flags=$(pkg-config --cflags --libs battlesim) ||
	{ echo "install-check: pkg-config does not know battlesim"; exit 1; }
# shellcheck disable=SC2086 # the flags are words
$CC -std=c11 -o "$tmp/hello" tests/install/hello.c $flags >"$tmp/cc.log" 2>&1 ||
	{ head -5 "$tmp/cc.log"; echo "install-check: FAIL: cc hello.c $flags"; exit 1; }
out=$("$tmp/hello") || { echo "install-check: FAIL: hello did not run"; exit 1; }
case "$out" in
"Borderland Raid"*'"type":"summary"'*) ;;
*) echo "install-check: FAIL: hello printed: $out"; exit 1 ;;
esac
echo "install-check: ok (pkg-config --cflags --libs battlesim: $flags)"
