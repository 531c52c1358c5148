/**
 * language-configuration.json as the editor applies it. The extension host's
 * `TextDocument.getWordRangeAtPosition` does not know a statically contributed word pattern, and
 * double-click / Ctrl+D follow the `editor.wordSeparators` setting instead; the editor model's
 * word (hover and highlight ranges, word completions) is one step of Expand Selection, so that
 * is where the word pattern is read.
 */
import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';
import { openUntitled, until } from './helpers';

/** The selections Expand Selection goes through from the cursor at `character` up to the whole line. */
async function expandSelectionSteps(editor: vscode.TextEditor, character: number): Promise<string[]> {
  editor.selection = new vscode.Selection(0, character, 0, character);
  const line = editor.document.lineAt(0).text;
  const steps: string[] = [];
  for (let i = 0; i < 8 && !steps.includes(line); i++) {
    const before = editor.selection;
    await vscode.commands.executeCommand('editor.action.smartSelect.expand');
    await until(
      () => !editor.selection.isEqual(before),
      vscode.window.onDidChangeTextEditorSelection,
      `Expand Selection step ${i + 1}`,
    );
    steps.push(editor.document.getText(editor.selection).replace(/\n$/, ''));
  }
  return steps;
}

suite('language configuration', () => {
  test('a change of speed/level and a cruise climb are one word each', async () => {
    const document = await openUntitled('N0450F350 LN/N0284A045 C/48N050W/M082F290F350 DCT');
    const editor = await vscode.window.showTextDocument(document);
    const text = document.lineAt(0).text;
    for (const [inside, word] of [
      ['N0284', 'LN/N0284A045'],
      ['M082', 'C/48N050W/M082F290F350'],
    ] as const) {
      const steps = await expandSelectionSteps(editor, text.indexOf(inside) + 1);
      assert.ok(
        steps.includes(word),
        `'${word}' should be one word; Expand Selection went ${steps.map((s) => `'${s}'`).join(' → ')}`,
      );
    }
  });

  test('Toggle Line Comment writes #', async () => {
    const document = await openUntitled('N0450F350 DVR UL9 KONAN\n');
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    await vscode.commands.executeCommand('editor.action.commentLine');
    await until(
      () => document.lineAt(0).text !== 'N0450F350 DVR UL9 KONAN',
      vscode.workspace.onDidChangeTextDocument,
      'the line to change',
    );
    assert.equal(document.lineAt(0).text, '# N0450F350 DVR UL9 KONAN');
  });
});
