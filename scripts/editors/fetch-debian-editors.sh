#!/bin/sh
# Unpacks editors newer than Debian bookworm's into private folders, from Debian's own archive
# (trixie, sid, bookworm-backports) and nothing else, without touching the system's packages:
# each package is downloaded with apt and unpacked with `dpkg -x` under $DEST/<suite>. The
# programs are then run with that suite's own C library (see editors.sh). Bookworm's own
# editors come from `apt-get install -y neovim emacs-nox elpa-eglot`.
#
#   scripts/editors/fetch-debian-editors.sh [DEST]     (default /opt/debian-editors)
set -eu
DEST=${1:-/opt/debian-editors}
STATE=$DEST/.apt
mkdir -p "$STATE/lists/partial" "$STATE/cache/archives/partial"
cat > "$STATE/sources.list" <<'LIST'
deb http://deb.debian.org/debian bookworm-backports main
deb http://deb.debian.org/debian trixie main
deb http://deb.debian.org/debian sid main
LIST
: > "$STATE/empty-status"
APT="-o Dir::Etc::sourcelist=$STATE/sources.list -o Dir::Etc::sourceparts=- -o Dir::State::Lists=$STATE/lists -o Dir::Cache=$STATE/cache -o APT::Get::List-Cleanup=0"
# shellcheck disable=SC2086
apt-get $APT update -qq

# unpack SUITE STATUS PACKAGE…: the packages and the dependencies STATUS does not already have
unpack() {
  suite=$1 status=$2
  shift 2
  mkdir -p "$DEST/$suite/debs"
  # shellcheck disable=SC2086
  apt-get $APT -o Dir::State::status="$status" -o APT::Default-Release="$suite" \
    -o Dir::Cache::archives="$DEST/$suite/debs" -qq -y --no-install-recommends --download-only \
    install "$@"
  for deb in "$DEST/$suite/debs"/*.deb; do dpkg -x "$deb" "$DEST/$suite/root"; done
}
# Neovim 0.10 and Helix 25.01 (trixie), Neovim 0.12 (sid): with their own libc, so from nothing.
unpack trixie "$STATE/empty-status" neovim hx
unpack sid "$STATE/empty-status" neovim
# Emacs 30 (bookworm-backports, built for bookworm's libraries): only what bookworm lacks.
unpack bookworm-backports /var/lib/dpkg/status emacs-nox/bookworm-backports
echo "unpacked under $DEST: trixie (nvim 0.10, hx 25.01), sid (nvim 0.12), bookworm-backports (emacs 30)"
