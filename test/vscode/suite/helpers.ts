/**
 * What the desktop suites share: the extension, the samples, and waiting on VS Code's own
 * events (never on sleeps). Runs inside the extension host, bundled by test/vscode/run.mjs into
 * dist/test/vscode/, so `__dirname` is that folder.
 */
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';

export const EXTENSION_ID = 'icao-route-tools.icao-route';
export const ROOT = path.resolve(__dirname, '..', '..', '..');
export const SAMPLES = path.join(ROOT, 'samples');
/** An upper bound that turns a hang into a failure with a message; no test waits this long when it passes. */
const WAIT_LIMIT_MS = 30_000;

export async function activateExtension(): Promise<void> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension, `extension ${EXTENSION_ID} is not loaded: is --extensionDevelopmentPath the repository root?`);
  await extension.activate();
}

export async function openSample(name: string): Promise<vscode.TextDocument> {
  const document = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(SAMPLES, name)));
  assert.equal(document.languageId, 'icao-route', `${name} opened as language '${document.languageId}'`);
  await vscode.window.showTextDocument(document);
  return document;
}

/** An untitled copy to edit freely: the samples on disk are never changed. */
export async function openCopyOfSample(name: string): Promise<vscode.TextDocument> {
  const original = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(SAMPLES, name)));
  return openUntitled(original.getText());
}

export async function openUntitled(content: string): Promise<vscode.TextDocument> {
  const document = await vscode.workspace.openTextDocument({ language: 'icao-route', content });
  await vscode.window.showTextDocument(document);
  return document;
}

export function codeOf(diagnostic: vscode.Diagnostic): string {
  const code = diagnostic.code;
  if (code === undefined) return '';
  return typeof code === 'object' ? String(code.value) : String(code);
}

/**
 * The parser's local findings (R codes). Findings of route expansion come and go with the
 * navdata setting and the hub, so the suites that check exact local results leave them out.
 */
export function localDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'icao-route' && /^R\d{3}$/.test(codeOf(d)));
}

/** `line:character-line:character`, zero-based as in the API. */
export function describeRange(r: vscode.Range): string {
  return `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`;
}

export function describeDiagnostic(d: vscode.Diagnostic): string {
  return `${codeOf(d)} ${vscode.DiagnosticSeverity[d.severity]} ${describeRange(d.range)}`;
}

/** Every finding of this extension on `uri`: local (R…) and route expansion (X…, H…). */
export function ownDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'icao-route');
}

/**
 * Resolves with the diagnostics of `uri` (by default the local ones) once `accept` holds,
 * checking now and on every change event.
 */
export function waitForDiagnostics(
  uri: vscode.Uri,
  accept: (diagnostics: vscode.Diagnostic[]) => boolean,
  what: string,
  pick: (uri: vscode.Uri) => vscode.Diagnostic[] = localDiagnostics,
): Promise<vscode.Diagnostic[]> {
  return new Promise((resolve, reject) => {
    let subscription: vscode.Disposable | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      subscription?.dispose();
      if (timer) clearTimeout(timer);
    };
    const check = (): boolean => {
      const diagnostics = pick(uri);
      if (!accept(diagnostics)) return false;
      finish();
      resolve(diagnostics);
      return true;
    };
    if (check()) return;
    subscription = vscode.languages.onDidChangeDiagnostics((event) => {
      if (event.uris.some((u) => u.toString() === uri.toString())) check();
    });
    timer = setTimeout(() => {
      finish();
      const now = pick(uri).map(describeDiagnostic).join(', ') || 'none';
      reject(new Error(`no ${what} within ${WAIT_LIMIT_MS} ms; diagnostics now: ${now}`));
    }, WAIT_LIMIT_MS);
  });
}

/** Resolves once `condition` holds, checking now and whenever `event` fires. */
export function until<T>(condition: () => boolean, event: vscode.Event<T>, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (condition()) {
      resolve();
      return;
    }
    const subscription = event(() => {
      if (!condition()) return;
      subscription.dispose();
      clearTimeout(timer);
      resolve();
    });
    const timer = setTimeout(() => {
      subscription.dispose();
      reject(new Error(`gave up waiting for ${what} after ${WAIT_LIMIT_MS} ms`));
    }, WAIT_LIMIT_MS);
  });
}

/**
 * The line number of the line of `document` whose text is exactly `line`: the only one, or the
 * `nth` (from 0) where the same route is written several times.
 */
export function lineNumberOf(document: vscode.TextDocument, line: string, nth?: number): number {
  const found: number[] = [];
  for (let i = 0; i < document.lineCount; i++) if (document.lineAt(i).text === line) found.push(i);
  if (nth === undefined) {
    assert.equal(
      found.length,
      1,
      `expected exactly one line '${line}' in ${document.uri.toString()}, found ${found.length}`,
    );
    return found[0]!;
  }
  assert.ok(
    nth < found.length,
    `expected line '${line}' ${nth + 1} times in ${document.uri.toString()}, found ${found.length}`,
  );
  return found[nth]!;
}

/**
 * Resolves once the asynchronous `check` holds, asking again every 250 ms. Only for what no
 * event announces (a hover's content after a background route expansion).
 */
export async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what} after ${WAIT_LIMIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The range marked by brackets in `mark` on the line `line`: `rangeOf(doc, 'N0450F350 DVR UL9 DCT KONAN', 'UL9 [DCT]')`
 * is the range of that DCT. The unbracketed context must occur once on the line.
 */
export function rangeOf(document: vscode.TextDocument, line: string, mark: string, nth?: number): vscode.Range {
  const open = mark.indexOf('[');
  const close = mark.indexOf(']');
  assert.ok(open >= 0 && close > open, `mark '${mark}' needs one [bracketed] part`);
  const context = mark.slice(0, open) + mark.slice(open + 1, close) + mark.slice(close + 1);
  const lineNumber = lineNumberOf(document, line, nth);
  const text = document.lineAt(lineNumber).text;
  const at = text.indexOf(context);
  assert.ok(at >= 0, `'${context}' not on line '${line}'`);
  assert.equal(text.indexOf(context, at + 1), -1, `'${context}' occurs twice on line '${line}'`);
  return new vscode.Range(lineNumber, at + open, lineNumber, at + close - 1);
}

export async function hoverText(
  uri: vscode.Uri,
  position: vscode.Position,
): Promise<{ text: string; ranges: vscode.Range[] }> {
  const hovers =
    (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, position)) ?? [];
  const parts: string[] = [];
  for (const hover of hovers) {
    for (const content of hover.contents) {
      if (typeof content === 'string') parts.push(content);
      else parts.push(content.value);
    }
  }
  return { text: parts.join('\n'), ranges: hovers.flatMap((h) => (h.range ? [h.range] : [])) };
}
