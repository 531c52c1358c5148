#!/bin/sh
# Runs a program unpacked by fetch-debian-editors.sh with its suite's own C library and runtime:
#   scripts/editors/debian-editor.sh SUITE PROGRAM [ARG…]   e.g. trixie nvim --version
# Children of the editor (the language server's `node`) run with the system's libraries.
set -eu
DEST=${DEBIAN_EDITORS:-/opt/debian-editors}
suite=$1 program=$2
shift 2
root=$DEST/$suite/root
lib=$root/usr/lib/x86_64-linux-gnu
case $program in
  nvim)
    export VIMRUNTIME="$root/usr/share/nvim/runtime"
    exec "$lib/ld-linux-x86-64.so.2" --library-path "$lib:$lib/lua/5.1" "$root/usr/bin/nvim" "$@"
    ;;
  hx)
    export HELIX_RUNTIME="$root/usr/share/hx/runtime"
    exec "$lib/ld-linux-x86-64.so.2" --library-path "$lib" "$root/usr/bin/hx" "$@"
    ;;
  emacs)
    # Built for bookworm's libraries: only its own files need pointing to. No site files: the
    # system's are bookworm's Emacs 28 ones (they would load ELPA's eglot 1.9 over the built-in).
    version=$(ls "$root/usr/share/emacs" | grep -E '^[0-9]+\.[0-9]+$' | head -n1)
    libexec=$(dirname "$(ls "$root"/usr/libexec/emacs/"$version"/*/emacs*.pdmp | head -n1)")
    export EMACSLOADPATH="$root/usr/share/emacs/$version/lisp" EMACSDATA="$root/usr/share/emacs/$version/etc" EMACSPATH="$libexec"
    export EMACSDOC="$root/usr/share/emacs/$version/etc"
    exec "$root/usr/bin/emacs-nox" --dump-file="$(ls "$libexec"/emacs*.pdmp | head -n1)" --no-site-file "$@"
    ;;
  *) echo "unknown program $program" >&2; exit 2 ;;
esac
