/** The language configuration as VS Code applies it: comment toggling and what a word is. */
import * as assert from 'node:assert/strict';
import { suite, test } from 'mocha';
import * as vscode from 'vscode';
import { openUntitled } from './helpers';

suite('language configuration', () => {
  test('a change of speed/level and a cruise climb are one word each', async () => {
    const document = await openUntitled('N0450F350 LN/N0284A045 C/48N050W/M082F290F350 DCT\n');
    const wordAt = (character: number) => {
      const range = document.getWordRangeAtPosition(new vscode.Position(0, character));
      return range ? document.getText(range) : undefined;
    };
    const text = document.lineAt(0).text;
    assert.equal(wordAt(text.indexOf('N0284') + 1), 'LN/N0284A045');
    assert.equal(wordAt(text.indexOf('M082') + 1), 'C/48N050W/M082F290F350');
    assert.equal(wordAt(text.indexOf('DCT') + 1), 'DCT');
  });

  test('Toggle Line Comment writes #', async () => {
    const document = await openUntitled('N0450F350 DVR UL9 KONAN\n');
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    await vscode.commands.executeCommand('editor.action.commentLine');
    assert.equal(document.lineAt(0).text, '# N0450F350 DVR UL9 KONAN');
  });
});
