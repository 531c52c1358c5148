// Drives Helix in a detached tmux session with the doc's languages.toml, as a user would (keys
// sent with `tmux send-keys`, the screen read with `capture-pane`), and reads what passed between
// Helix and the server from Helix's own log (`hx -vvv --log`). Writes the same JSON as the other
// trials for check.mjs.
//   node scripts/editors/helix/trial.mjs OUT.json WORKDIR LANGUAGES.toml NAVDATA_CONFIG_LINE|- HX_COMMAND…
// NAVDATA_CONFIG_LINE `-`: only start and report the server's settings (settings-shape trials).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const [outPath, work, languagesPath, navdataLine, ...hx] = process.argv.slice(2);
const home = resolve(work, 'home');
const config = resolve(home, '.config/helix');
const log = resolve(work, 'helix.log');
const session = `icao-route-trial-${process.pid}`;
mkdirSync(config, { recursive: true });
const languages = readFileSync(languagesPath, 'utf8');
writeFileSync(resolve(config, 'languages.toml'), languages);
writeFileSync(resolve(config, 'config.toml'), ''); // :config-reload fails without one
const notes = [];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const tmux = (...args) => execFileSync('tmux', args, { encoding: 'utf8' });
const keys = async (...k) => {
  tmux('send-keys', '-t', session, ...k);
  await sleep(300);
};
const command = async (text) => {
  await keys(':');
  await keys('-l', text);
  await keys('Enter');
};
const screen = () => tmux('capture-pane', '-p', '-t', session);
const quote = (s) => `'${s.replaceAll("'", "'\\''")}'`;

/** The LSP messages in Helix's log, in order: { dir: '->' | '<-', message }. */
function messages() {
  if (!existsSync(log)) return [];
  const list = [];
  for (const line of readFileSync(log, 'utf8').split('\n')) {
    const m = / helix_lsp::transport \[INFO\] \S+ (->|<-) (\{.*\})$/.exec(line);
    if (!m) continue;
    try {
      list.push({ dir: m[1], message: JSON.parse(m[2]) });
    } catch {
      // a message cut by the log line: not one of ours
    }
  }
  return list;
}
const uriOf = (file) => `file://${resolve(repo, file)}`;
function lastPublish(file, accept = () => true) {
  const all = messages().filter(
    (m) => m.message.method === 'textDocument/publishDiagnostics' && m.message.params.uri === uriOf(file),
  );
  for (let i = all.length - 1; i >= 0; i--) if (accept(all[i].message.params.diagnostics)) return all[i].message.params;
  return undefined;
}
async function until(what, predicate, ms = 20000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = predicate();
    if (value) return value;
    if (Date.now() > end) {
      notes.push(`gave up waiting for ${what}`);
      return undefined;
    }
    await sleep(200);
  }
}
/** The answer to the last request of `method` Helix sent after `since` messages. */
async function answerTo(method, since) {
  return until(`the answer to ${method}`, () => {
    const list = messages().slice(since);
    const request = list.filter((m) => m.dir === '->' && m.message.method === method).at(-1);
    if (!request) return undefined;
    const answer = list.find((m) => m.dir === '<-' && m.message.id === request.message.id && !m.message.method);
    return answer ? { params: request.message.params, result: answer.message.result } : undefined;
  });
}
const asDiagnostics = (published) =>
  (published?.diagnostics ?? []).map((d) => ({
    line: d.range.start.line,
    col: d.range.start.character,
    endLine: d.range.end.line,
    endCol: d.range.end.character,
    code: d.code,
    message: d.message,
  }));
const debounceFromStartLine = () => {
  const line = messages()
    .map((m) => m.message)
    .filter((m) => m.method === 'window/logMessage' && /started \(pid/.test(m.params.message))
    .at(-1);
  const m = line && /diagnostics debounce (\d+) ms/.exec(line.params.message);
  return m ? Number(m[1]) : null;
};
/** Cursor to a 0-based line and column (a route line is ASCII before the column asked for). */
async function goTo(line, column) {
  await command(String(line + 1));
  await keys('g', 'h');
  if (column > 0) await keys('-l', `${column}l`);
}
/** The cursor position in the status line (1-based line:column, as Helix counts). */
const cursor = () =>
  /(\d+):(\d+)\s*$/m.exec(
    screen()
      .split('\n')
      .filter((l) => /\d+:\d+\s*$/.test(l))
      .at(-1) ?? '',
  );

const result = { editor: 'helix', columnUnit: 'utf-16', notes };
try {
  result.version = execFileSync(hx[0], [...hx.slice(1), '--version'], { encoding: 'utf8' }).trim();
  const env = `HOME=${quote(home)}`;
  tmux(
    'new-session',
    '-d',
    '-s',
    session,
    '-x',
    '200',
    '-y',
    '50',
    `cd ${quote(repo)} && ${env} ${hx.map(quote).join(' ')} -vvv --log ${quote(log)} samples/broken.route`,
  );
  result.localDiagnostics = asDiagnostics(
    await until('the local diagnostics', () => lastPublish('samples/broken.route', (d) => d.length > 0)),
  );
  result.debounceMs = debounceFromStartLine();
  if (navdataLine !== '-') {
    result.lines = readFileSync(resolve(repo, 'samples/broken.route'), 'utf8').split('\n');
    result.secondLines = readFileSync(resolve(repo, 'scripts/editors/trial.route'), 'utf8').split('\n');
    // The doc's way to change a setting: edit languages.toml, reload it, restart the server.
    writeFileSync(resolve(config, 'languages.toml'), languages.replace(/^config = .*$/m, navdataLine.trim()));
    await command('config-reload');
    await command('lsp-restart');
    const hasX = (d) => d.some((x) => String(x.code).startsWith('X'));
    result.diagnostics = asDiagnostics(await until('X… findings', () => lastPublish('samples/broken.route', hasX)));
    result.initializeCount = messages().filter((m) => m.message.method === 'initialize').length;

    result.hovers = {};
    result.hoverShown = {};
    for (const [line, column] of [
      [31, 11],
      [31, 15],
      [31, 19],
    ]) {
      const since = messages().length;
      await goTo(line, column);
      await keys('Space', 'k');
      const answer = await answerTo('textDocument/hover', since);
      result.hovers[`${line}:${column}`] = answer?.result?.contents?.value ?? null;
      await sleep(300);
      result.hoverShown[`${line}:${column}`] = screen();
      await keys('Escape');
    }
    let since = messages().length;
    await keys('Space', 's');
    const symbols = await answerTo('textDocument/documentSymbol', since);
    result.symbols = (symbols?.result ?? []).map((s) => s.name);
    await sleep(300);
    result.symbolPicker = screen();
    await keys('Escape');

    // Completion after `DVR ` (Helix asks as you type; C-x asks in insert mode).
    since = messages().length;
    await goTo(31, 14);
    await keys('i');
    await keys('C-x');
    const completion = await answerTo('textDocument/completion', since);
    const items = completion?.result?.items ?? completion?.result ?? [];
    result.completionLabels = items.map((i) => i.label);
    await keys('Escape');
    await keys('Escape');

    result.quickFixes = {};
    since = messages().length;
    await goTo(3, 14);
    await keys('Space', 'a');
    const actions = await answerTo('textDocument/codeAction', since);
    await sleep(300);
    result.quickFixMenu = screen();
    await keys('Enter');
    await sleep(500);
    const afterFile = resolve(work, 'after.route');
    await command(`write ${afterFile}`);
    await until('the written file', () => existsSync(afterFile), 5000);
    const after = readFileSync(afterFile, 'utf8').split('\n');
    result.quickFixes['3:14'] = { titles: (actions?.result ?? []).map((a) => a.title), lineAfter: after[3] };

    await command(`open ${resolve(repo, 'scripts/editors/trial.route')}`);
    const second = await until("the second file's findings", () => lastPublish('scripts/editors/trial.route', hasX));
    result.secondDiagnostics = asDiagnostics(second);
    result.serverCount =
      messages().filter((m) => m.message.method === 'initialize').length - result.initializeCount + 1;
    // Where Helix puts the cursor on ]d: its own conversion of the server's UTF-16 columns.
    result.jumps = [];
    await goTo(6, 0);
    for (let i = 0; i < 2; i++) {
      await keys(']', 'd');
      await sleep(300);
      const at = cursor();
      result.jumps.push(at ? { line: Number(at[1]) - 1, col: Number(at[2]) - 1 } : null);
    }
    since = messages().length;
    await goTo(11, 10);
    await keys('Space', 'a');
    const samActions = await answerTo('textDocument/codeAction', since);
    await sleep(300);
    await keys('Enter');
    await sleep(500);
    const afterSecond = resolve(work, 'after-second.route');
    await command(`write ${afterSecond}`);
    await until('the written file', () => existsSync(afterSecond), 5000);
    const lines = readFileSync(afterSecond, 'utf8').split('\n');
    result.quickFixes['second:11:10'] = {
      titles: (samActions?.result ?? []).map((a) => a.title),
      lineAfter: lines[11],
      linesAround: lines.slice(8, 13),
    };
    result.semanticTokenRequests = messages().filter(
      (m) => m.message.method === 'textDocument/semanticTokens/full',
    ).length;
  }
} catch (error) {
  notes.push(`trial failed: ${error.stack ?? error}`);
} finally {
  try {
    tmux('kill-session', '-t', session);
  } catch {
    // already gone
  }
  writeFileSync(outPath, JSON.stringify(result));
}
