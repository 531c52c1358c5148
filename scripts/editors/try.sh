#!/bin/sh
# Tries every snippet of docs/editors.md in the real editors installed here, headless, and prints
# PASS/FAIL per editor and snippet (SKIP when an editor is not installed). See README.md.
#   scripts/editors/try.sh [nvim] [emacs] [helix]      (default: all)
# Needs `npm run build` first (dist/server.js, dist/cli.js). Not part of `npm test`.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
export TRIAL_NAVDATA="${TRIAL_NAVDATA:-$REPO/test/fixtures/navdata}"
DEBIAN_EDITORS=${DEBIAN_EDITORS:-/opt/debian-editors}
WORK=$(mktemp -d)
[ -n "${TRIAL_KEEP:-}" ] && echo "trial files kept in $WORK" || trap 'rm -rf "$WORK"' EXIT
FAILED=0
RAN=0
WANT=${*:-nvim emacs helix}

[ -f "$REPO/dist/server.js" ] || { echo "FAIL build: dist/server.js missing, run npm run build"; exit 1; }

wants() { case " $WANT " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
snippet() { node "$HERE/snippet.mjs" "$@"; }
check() { RAN=1; node "$HERE/check.mjs" "$1" "$2" || FAILED=1; }

# nvim_trial LABEL SNIPPET SETTINGS_SNIPPET NVIM_COMMAND…
nvim_trial() {
  label=$1 init_snippet=$2 settings_snippet=$3
  shift 3
  dir=$WORK/$(echo "$label" | tr -c 'A-Za-z0-9.\n' _)
  mkdir -p "$dir"
  { [ "$init_snippet" = nvim-0.7 ] || snippet nvim-filetype; echo; snippet "$init_snippet"; echo;
    [ "$init_snippet" != nvim-0.11 ] || snippet nvim-0.11-completion; echo
    echo "dofile('$HERE/nvim/trial.lua')"; } > "$dir/init.lua"
  snippet "$settings_snippet" "$TRIAL_NAVDATA" > "$dir/settings.lua"
  (cd "$REPO" && TRIAL_OUT="$dir/out.json" TRIAL_SETTINGS_SNIPPET="$dir/settings.lua" \
    TRIAL_SECOND_FILE="$REPO/scripts/editors/trial.route" XDG_STATE_HOME="$dir/state" XDG_CACHE_HOME="$dir/cache" \
    timeout 120 "$@" --headless -u "$dir/init.lua" samples/broken.route > "$dir/nvim.log" 2>&1)
  if [ -s "$dir/out.json" ]; then check "$label" "$dir/out.json"; else
    echo "FAIL $label: no result ($(tail -c 300 "$dir/nvim.log" | tr '\n' ' '))"; FAILED=1; fi
  if grep -qi 'deprecated' "$dir/nvim.log"; then
    echo "FAIL $label: Neovim warns: $(grep -i -m1 'deprecated' "$dir/nvim.log" | tr -d '\r')"; FAILED=1
  else echo "PASS $label: no deprecation warning from Neovim"; fi
}

# nvim_shape LABEL SNIPPET SHAPE NVIM_COMMAND…: the snippet with its settings in another shape;
# the doc says Neovim then answers nothing for the section and the server keeps its default.
nvim_shape() {
  label=$1 init_snippet=$2 shape=$3
  shift 3
  dir=$WORK/shape_$(echo "$label" | tr -c 'A-Za-z0-9.\n' _)
  mkdir -p "$dir"
  case $shape in
    section) replacement='settings = { diagnostics = { debounceMs = 100 } },' ;;
    dotted) replacement="settings = { ['icaoRoute.diagnostics.debounceMs'] = 100 }," ;;
    *) echo "unknown shape $shape"; return ;;
  esac
  { snippet nvim-filetype; echo; snippet "$init_snippet" | node -e '
      const [from, to] = [/settings = \{\s*icaoRoute = \{ diagnostics = \{ debounceMs = 100 \} \},?\s*\},/, process.argv[1]];
      let text = require("fs").readFileSync(0, "utf8");
      if (!from.test(text)) { console.error("no settings line"); process.exit(2); }
      process.stdout.write(text.replace(from, to));' "$replacement"
    echo; echo "dofile('$HERE/nvim/trial.lua')"; } > "$dir/init.lua" || { echo "FAIL $label: could not rewrite the settings"; FAILED=1; return; }
  (cd "$REPO" && TRIAL_OUT="$dir/out.json" TRIAL_SETTINGS_ONLY=1 XDG_STATE_HOME="$dir/state" XDG_CACHE_HOME="$dir/cache" \
    timeout 60 "$@" --headless -u "$dir/init.lua" samples/broken.route > "$dir/nvim.log" 2>&1)
  shape_report "$label" "$shape" "$dir/out.json" 150
}

# shape_report LABEL SHAPE RESULT.json EXPECTED: the server's debounceMs after a start with the
# settings in another shape (100 when they were read, the default 150 when not), against the doc.
shape_report() {
  got=$(node -e 'try { console.log(require(process.argv[1]).debounceMs) } catch { console.log("no result") }' "$3")
  if [ "$4" = 150 ]; then said="ignored (the server keeps debounceMs 150)"; else said="read (debounceMs 100)"; fi
  if [ "$got" = "$4" ]; then echo "PASS $1: settings as the $2 are $said, as the doc says"
  else echo "FAIL $1: settings as the $2: server has debounceMs $got; the doc says they are $said"; FAILED=1; fi
}

# Every Neovim found: the one on PATH (Debian bookworm: 0.7.2) and those unpacked from newer
# Debian suites by fetch-debian-editors.sh.
try_nvim() {
  label=$1
  shift
  version=$("$@" --version 2>/dev/null | head -n1 | sed 's/^NVIM v//')
  [ -n "$version" ] || { echo "SKIP $label: not runnable"; return; }
  minor=$(echo "$version" | cut -d. -f2)
  echo "== Neovim $version ($label)"
  if [ "$minor" -le 7 ]; then
    nvim_trial "nvim $version, snippet nvim-0.7" nvim-0.7 nvim-0.7-settings "$@"
  else
    nvim_trial "nvim $version, snippet nvim-0.8" nvim-0.8 nvim-0.8-settings "$@"
  fi
  if [ "$minor" -ge 11 ]; then
    nvim_trial "nvim $version, snippet nvim-0.11" nvim-0.11 nvim-0.11-settings "$@"
    nvim_shape "nvim $version, nvim-0.11 settings shape" nvim-0.11 section "$@"
    nvim_shape "nvim $version, nvim-0.11 settings shape" nvim-0.11 dotted "$@"
  elif [ "$minor" -ge 8 ]; then
    nvim_shape "nvim $version, nvim-0.8 settings shape" nvim-0.8 section "$@"
    nvim_shape "nvim $version, nvim-0.8 settings shape" nvim-0.8 dotted "$@"
  fi
}

if wants nvim; then
  found=0
  if command -v nvim > /dev/null; then found=1; try_nvim "nvim on PATH" nvim; fi
  for suite in trixie sid; do
    if [ -x "$DEBIAN_EDITORS/$suite/root/usr/bin/nvim" ]; then
      found=1; try_nvim "Debian $suite" "$HERE/debian-editor.sh" "$suite" nvim
    fi
  done
  [ $found = 1 ] || echo "SKIP nvim: not installed (apt-get install neovim; newer: fetch-debian-editors.sh)"
fi

if wants emacs; then
  found=0
  if command -v emacs > /dev/null; then found=1; . "$HERE/emacs/try-emacs.sh"; try_emacs "emacs on PATH" emacs; fi
  if [ -x "$DEBIAN_EDITORS/bookworm-backports/root/usr/bin/emacs-nox" ]; then
    found=1; . "$HERE/emacs/try-emacs.sh"; try_emacs "Debian bookworm-backports" "$HERE/debian-editor.sh" bookworm-backports emacs
  fi
  [ $found = 1 ] || echo "SKIP emacs: not installed (apt-get install emacs-nox elpa-eglot)"
fi

if wants helix; then
  found=0
  if command -v hx > /dev/null; then found=1; . "$HERE/helix/try-helix.sh"; try_helix "hx on PATH" hx; fi
  if [ -x "$DEBIAN_EDITORS/trixie/root/usr/bin/hx" ]; then
    found=1; . "$HERE/helix/try-helix.sh"; try_helix "Debian trixie" "$HERE/debian-editor.sh" trixie hx
  fi
  [ $found = 1 ] || echo "SKIP helix: not installed (Debian trixie's hx: fetch-debian-editors.sh)"
fi

if [ $FAILED != 0 ]; then echo "SOME FAILED"
elif [ $RAN = 0 ]; then echo "NOTHING TRIED (no editor installed)"
else echo "ALL PASSED"; fi
exit $FAILED
