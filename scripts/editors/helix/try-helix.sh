# Sourced by try.sh: try_helix LABEL HX_COMMAND… runs the Helix snippets of docs/editors.md in
# Helix under tmux (helix/trial.mjs) and checks the result.
try_helix() {
  label=$1
  shift
  command -v tmux > /dev/null || { echo "SKIP helix ($label): tmux is needed to drive it"; return; }
  version=$("$@" --version 2>/dev/null | sed 's/^helix //')
  [ -n "$version" ] || { echo "SKIP $label: not runnable"; return; }
  echo "== Helix $version ($label)"
  dir=$WORK/helix_$(echo "$label" | tr -c 'A-Za-z0-9.\n' _)
  mkdir -p "$dir"
  snippet helix > "$dir/languages.toml"
  navdata_line=$(snippet helix-navdata "$TRIAL_NAVDATA")
  timeout 180 node "$HERE/helix/trial.mjs" "$dir/out.json" "$dir" "$dir/languages.toml" "$navdata_line" "$@" > "$dir/trial.log" 2>&1
  if [ -s "$dir/out.json" ]; then check "helix $version, snippet helix" "$dir/out.json"; else
    echo "FAIL helix $version: no result ($(tail -c 400 "$dir/trial.log" | tr '\n' ' '))"; FAILED=1; fi
  for shape in section dotted; do
    case $shape in
      section) config='config = { diagnostics = { debounceMs = 100 } }' ;;
      dotted) config='config = { "icaoRoute.diagnostics.debounceMs" = 100 }' ;;
    esac
    mkdir -p "$dir/$shape"
    snippet helix | sed "s|^config = .*|$config|" > "$dir/$shape/languages.toml"
    timeout 60 node "$HERE/helix/trial.mjs" "$dir/$shape/out.json" "$dir/$shape" "$dir/$shape/languages.toml" - "$@" > "$dir/$shape/trial.log" 2>&1
    # Helix sends config as initializationOptions too, which the server reads in every shape.
    shape_report "helix $version, helix settings shape" "$shape" "$dir/$shape/out.json" 100
  done
}
