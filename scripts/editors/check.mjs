// Compares what an editor showed (the JSON its trial wrote) with `cli.js check` on the same files,
// and prints one PASS/FAIL line per check. Exit code 1 when any check fails.
//   node scripts/editors/check.mjs LABEL RESULT.json
// The trial's positions are in the editor's own columns (`columnUnit`: utf-8 bytes for Neovim,
// characters for Emacs, utf-16 for raw LSP messages); the checker's are UTF-16 code units, and
// are converted on the trial's own copy of each line.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const [label, resultPath] = process.argv.slice(2);
const navdata = process.env.TRIAL_NAVDATA ?? resolve(repo, 'test/fixtures/navdata');
const MAIN_FILE = resolve(repo, 'samples/broken.route');
const SECOND_FILE = resolve(repo, 'scripts/editors/trial.route');

function checker(file, withNavdata) {
  const args = [resolve(repo, 'dist/cli.js'), 'check', '--format', 'json', file];
  if (withNavdata) args.splice(2, 0, '--navdata', navdata);
  let out;
  try {
    out = execFileSync('node', args, { encoding: 'utf8' });
  } catch (error) {
    out = error.stdout; // exit code 1: errors found
  }
  return JSON.parse(out).files[0];
}

const result = JSON.parse(readFileSync(resultPath, 'utf8'));
const unit = result.columnUnit ?? 'utf-8';
let failures = 0;
const report = (ok, what, detail = '') => {
  if (!ok) failures++;
  console.log(`${ok ? 'PASS' : 'FAIL'} ${label}: ${what}${!ok && detail ? ` (${detail})` : ''}`);
};

function column(lines, line, utf16) {
  const before = (lines?.[line] ?? '').slice(0, utf16);
  if (unit === 'utf-16') return utf16;
  if (unit === 'character') return [...before].length;
  return Buffer.byteLength(before, 'utf8');
}

function expectedOf(findings, lines) {
  return findings
    .map((d) => {
      const { start, end } = d.range;
      return `${d.code}@${start.line}:${column(lines, start.line, start.character)}-${end.line}:${column(lines, end.line, end.character)} ${d.message}`;
    })
    .sort();
}
const shownOf = (list) =>
  (list ?? []).map((d) => `${d.code}@${d.line}:${d.col}-${d.endLine}:${d.endCol} ${d.message}`).sort();

function sameList(what, shown, expected) {
  const missing = expected.filter((e) => !shown.includes(e));
  const extra = shown.filter((s) => !expected.includes(s));
  report(
    missing.length === 0 && extra.length === 0,
    `${what} (${expected.length})`,
    [...missing.map((m) => `missing ${m.slice(0, 60)}`), ...extra.map((e) => `extra ${e.slice(0, 60)}`)].join('; '),
  );
}

for (const note of result.notes ?? []) console.log(`NOTE ${label}: ${note}`);

const local = checker(MAIN_FILE, false);
const expanded = checker(MAIN_FILE, true);
const second = checker(SECOND_FILE, true);

if (result.localDiagnostics)
  sameList(
    'local diagnostics = cli.js check',
    shownOf(result.localDiagnostics),
    expectedOf(local.diagnostics, result.lines),
  );
else report(false, 'local diagnostics shown');
sameList(
  'diagnostics with offline expansion = cli.js check --navdata',
  shownOf(result.diagnostics),
  expectedOf(expanded.diagnostics, result.lines),
);
if (result.secondDiagnostics !== undefined)
  sameList(
    'second file (non-ASCII columns, other folder) = cli.js check --navdata',
    shownOf(result.secondDiagnostics),
    expectedOf(second.diagnostics, result.secondLines),
  );

// Hovers on `N0450F350 DVR UL9 KONAM` (line 31).
const block = expanded.blocks.find((b) => b.range.start.line <= 31 && b.range.end.line >= 31);
const resolved = (name) => block?.expansion?.points?.find((p) => p.designator === name)?.resolvedFix ?? `<${name}?>`;
const hovers = result.hovers ?? {};
const x002 = expanded.diagnostics.find((d) => d.code === 'X002' && d.range.start.line === 31);
report(
  String(hovers['31:11']).includes(resolved('DVR')),
  'hover on DVR shows what it resolved to',
  String(hovers['31:11']).slice(0, 80),
);
report(
  x002 !== undefined && String(hovers['31:15']).includes(x002.message) && !/\*\*Leg\*\*/.test(String(hovers['31:15'])),
  'hover on UL9 shows its X002, and no segment',
  String(hovers['31:15']).slice(0, 80),
);
report(
  /\*\*Leg\*\* from `DVR`/.test(String(hovers['31:19'])),
  'hover on KONAM shows the leg from DVR',
  String(hovers['31:19']).slice(0, 80),
);

const blockNames = expanded.blocks.map((b) => b.name);
report(
  JSON.stringify(result.symbols) === JSON.stringify(blockNames),
  "document symbols = the checker's route blocks",
  JSON.stringify(result.symbols)?.slice(0, 80),
);

const dct = result.quickFixes?.['3:14'];
report(
  dct?.titles?.some((t) => t.includes('DCT')) && dct.lineAfter === 'N0450F350 DVR DCT KONAN UL607 AMASI',
  'quick fix R206 offered and applied (insert DCT)',
  JSON.stringify(dct)?.slice(0, 120),
);
if (result.quickFixes?.['second:11:10'] !== undefined) {
  const sam = result.quickFixes['second:11:10'];
  report(
    sam.titles?.length >= 2 && (sam.linesAround ?? []).some((line) => /^referenceFix: \d{4}[NS]\d{5}[EW]$/.test(line)),
    'quick fixes of the ambiguous first fix (from the finding data) offered and applied',
    JSON.stringify(sam).slice(0, 160),
  );
}
if (result.jumps !== undefined) {
  // Helix's "next diagnostic" (]d) from the start of line 6 of the second file selects each
  // finding; its cursor is the last character of the selection. After 𝔇 (two UTF-16 units, one
  // character) that is the test of the editor's own conversion of the server's columns.
  const onLine = second.diagnostics
    .filter((d) => d.range.start.line === 6)
    .sort((a, b) => a.range.start.character - b.range.start.character);
  const chars = (utf16) => [...(result.secondLines?.[6] ?? '').slice(0, utf16)].length;
  const expected = onLine
    .slice(0, result.jumps.length)
    .map((d) => ({ line: 6, col: chars(d.range.end.character) - 1 }));
  report(
    JSON.stringify(result.jumps) === JSON.stringify(expected),
    'next-diagnostic jumps select the findings after 𝔇 (cursor on their last character)',
    `${JSON.stringify(result.jumps)} vs ${JSON.stringify(expected)}`,
  );
}
if (result.hoverShown !== undefined)
  report(String(result.hoverShown['31:11']).includes(resolved('DVR')), 'the hover popup on DVR is on screen');
if (result.debounceMs !== undefined)
  report(
    result.debounceMs === 100,
    "the snippet's nested settings reach the server (debounceMs 100)",
    `server has ${result.debounceMs}`,
  );
if (result.serverCount !== undefined)
  report(result.serverCount === 1, 'one server for both folders', `${result.serverCount} servers`);
if (result.semanticTokenInts !== undefined)
  report(typeof result.semanticTokenInts === 'number' && result.semanticTokenInts > 0, 'semantic tokens answered');
if (result.semanticTokenAtDVR !== undefined)
  report(
    result.semanticTokenAtDVR === 'variable',
    'the editor colours DVR with the semantic token `variable`',
    String(result.semanticTokenAtDVR),
  );
if (result.completionLabels !== undefined)
  report(
    result.completionLabels.includes('UL9'),
    'completion after DVR offers the airways through it (UL9)',
    result.completionLabels.join(' '),
  );
for (const [name, exists] of Object.entries(result.commands ?? {}))
  console.log(`INFO ${label}: command :${name} ${exists ? 'exists' : 'does not exist'}`);
for (const [name, exists] of Object.entries(result.functions ?? {}))
  console.log(`INFO ${label}: ${name} ${exists ? 'exists' : 'missing'}`);
if (result.semanticTokenRequests !== undefined)
  console.log(`INFO ${label}: the editor asked for semantic tokens ${result.semanticTokenRequests} time(s)`);
if (result.notifyAloneExpands !== undefined)
  report(
    result.notifyAloneExpands === !result.answersConfiguration,
    result.answersConfiguration
      ? 'didChangeConfiguration alone (stored settings unchanged) changes nothing: the server asks the editor'
      : 'didChangeConfiguration alone is read: this editor cannot be asked (no workspace/configuration)',
    `expanded: ${result.notifyAloneExpands}`,
  );
if (result.keyK !== undefined) report(result.keyK === 'vim.lsp.buf.hover()', 'K is the LSP hover', result.keyK);
if (result.omnifunc !== undefined)
  report(result.omnifunc === 'v:lua.vim.lsp.omnifunc', 'omnifunc is the LSP one (<C-x><C-o>)', result.omnifunc);
if (result.completionAutotrigger !== undefined && /nvim-0\.11/.test(label))
  report(result.completionAutotrigger, 'the LspAttach autocommand turns on completion as you type');
if (result.foldLevelOfLine4 !== undefined)
  report(result.foldLevelOfLine4 > 0, 'vim.lsp.foldexpr() folds the blocks', `foldlevel ${result.foldLevelOfLine4}`);
for (const key of [
  'completionAutotrigger',
  'inlayHints',
  'firstInlayHint',
  'checkhealthNamesClient',
  'checkhealthNamesLog',
])
  if (result[key] !== undefined) console.log(`INFO ${label}: ${key} = ${JSON.stringify(result[key])}`);
if (result.inlayHints !== undefined)
  report(result.inlayHints > 0, 'inlay hints shown with the setting on and vim.lsp.inlay_hint.enable(true)');
if (result.debounceTextChanges !== undefined)
  console.log(`INFO ${label}: flags.debounce_text_changes = ${result.debounceTextChanges}`);

process.exit(failures > 0 ? 1 : 0);
