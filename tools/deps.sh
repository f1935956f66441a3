#!/bin/sh
# Install the Debian packages battlesim needs that are missing: with apt-get
# when root, otherwise print the exact command and stop.
# BS_EXTRA_PKGS adds packages (the fuzz target adds clang's runtime);
# BS_BROWSER=1 (make deps BROWSER=1) adds chromium for make test-browser.
set -e
PKGS="gcc make pkg-config libyaml-dev libjansson-dev libcriterion-dev nettle-dev libedit-dev clang-format valgrind ${BS_EXTRA_PKGS:-}"
if [ -n "${BS_BROWSER:-}" ] && [ "${BS_BROWSER:-}" != 0 ]; then
	PKGS="$PKGS chromium"
fi
missing=""
for p in $PKGS; do
	status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
	case "$status" in
	*"install ok installed"*) ;;
	*) missing="$missing $p" ;;
	esac
done
if [ -z "$missing" ]; then
	echo "deps: all installed ($PKGS)"
	exit 0
fi
echo "deps: missing:$missing"
if [ "$(id -u)" -ne 0 ]; then
	echo "deps: run as root:  apt-get update && apt-get install -y$missing"
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends $missing
echo "deps: installed:$missing"
