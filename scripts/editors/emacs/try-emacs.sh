# Sourced by try.sh: try_emacs LABEL EMACS_COMMAND… runs the Emacs snippets of docs/editors.md
# in `emacs --batch` (the snippet loaded as init.el, then trial.el) and checks the result.
try_emacs() {
  label=$1
  shift
  version=$("$@" --batch --eval '(princ emacs-version)' 2>/dev/null)
  [ -n "$version" ] || { echo "SKIP $label: not runnable"; return; }
  echo "== Emacs $version ($label)"
  dir=$WORK/emacs_$(echo "$label" | tr -c 'A-Za-z0-9.\n' _)
  mkdir -p "$dir/home"
  # What a normal start with an init file does before loading it: activate the installed packages
  # (Debian's elpa-eglot for Emacs 28); --batch skips it.
  { echo "(package-activate-all)"; snippet emacs; } > "$dir/init.el"
  snippet emacs-settings "$TRIAL_NAVDATA" > "$dir/settings.el"
  (cd "$REPO" && HOME="$dir/home" TRIAL_OUT="$dir/out.json" TRIAL_SETTINGS_SNIPPET="$dir/settings.el" \
    timeout 120 "$@" -q --batch -l "$dir/init.el" -l "$HERE/emacs/trial.el" > "$dir/emacs.log" 2>&1)
  if [ -s "$dir/out.json" ]; then check "emacs $version, snippet emacs" "$dir/out.json"; else
    echo "FAIL emacs $version: no result ($(tail -c 400 "$dir/emacs.log" | tr '\n' ' '))"; FAILED=1; fi
  for shape in section dotted; do
    case $shape in
      section) config="'(:diagnostics (:debounceMs 100))" ;;
      dotted) config="'(:icaoRoute.diagnostics.debounceMs 100)" ;;
    esac
    mkdir -p "$dir/$shape/home"
    { echo "(package-activate-all)"; snippet emacs | node -e '
        const from = "'"'"'(:icaoRoute (:diagnostics (:debounceMs 100)))";
        let text = require("fs").readFileSync(0, "utf8");
        if (!text.includes(from)) { console.error("no configuration line"); process.exit(2); }
        process.stdout.write(text.replace(from, process.argv[1]));' "$config"; } > "$dir/$shape/init.el"
    (cd "$REPO" && HOME="$dir/$shape/home" TRIAL_OUT="$dir/$shape/out.json" TRIAL_SETTINGS_ONLY=1 \
      timeout 60 "$@" -q --batch -l "$dir/$shape/init.el" -l "$HERE/emacs/trial.el" > "$dir/$shape/emacs.log" 2>&1)
    shape_report "emacs $version, emacs settings shape" "$shape" "$dir/$shape/out.json" 150
  done
}
