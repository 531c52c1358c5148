/**
 * "Open NOTAM" through the VS Code API (issue 35, item 8): a NOTAM's read-only document is keyed
 * by its whole identity, number and issuing place. Germany's B2795/26 and Belgium's B2795/26 are
 * two NOTAMs: opening the second must not replace the first's text in its tab.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { suite, suiteSetup, test } from 'mocha';
import { OPEN_NOTAM_COMMAND } from '../../../common/commands';
import type { OpenNotamArgument } from '../../../common/protocol/lspMessages';
import { activateExtension } from './helpers';

const NOTAM_SCHEME = 'icao-route-notam';

function openNotams(): vscode.TextDocument[] {
  return vscode.workspace.textDocuments.filter((d) => d.uri.scheme === NOTAM_SCHEME);
}

suite('Open NOTAM', () => {
  suiteSetup(activateExtension);

  test('two NOTAMs of one number from two offices open in two documents, each with its own text', async () => {
    const germany: OpenNotamArgument = {
      number: 'B2795/26',
      place: 'EDGG',
      text: 'Q) EDGG/QRTCA/IV/BO/W/000/100/\nA) EDGG\nE) TEMPO RESTRICTED AREA NEAR FRANKFURT',
    };
    const belgium: OpenNotamArgument = {
      number: 'B2795/26',
      place: 'EBBU',
      text: 'Q) EBBU/QMRLC/IV/NBO/A/000/999/\nA) EBBR\nE) RWY 07L/25R CLSD',
    };
    await vscode.commands.executeCommand(OPEN_NOTAM_COMMAND, germany);
    await vscode.commands.executeCommand(OPEN_NOTAM_COMMAND, belgium);
    const texts = openNotams().map((d) => d.getText());
    const germanDoc = texts.filter((t) => t.includes('NEAR FRANKFURT'));
    const belgianDoc = texts.filter((t) => t.includes('RWY 07L/25R CLSD'));
    assert.equal(germanDoc.length, 1, `Germany's B2795/26 keeps its document: ${JSON.stringify(texts)}`);
    assert.equal(belgianDoc.length, 1, `Belgium's B2795/26 has its own: ${JSON.stringify(texts)}`);
    assert.match(germanDoc[0]!, /^NOTAM B2795\/26 \(EDGG\)\n/);
    assert.match(belgianDoc[0]!, /^NOTAM B2795\/26 \(EBBU\)\n/);
    // The same NOTAM opened again is the same document.
    const before = openNotams().length;
    await vscode.commands.executeCommand(OPEN_NOTAM_COMMAND, germany);
    assert.equal(openNotams().length, before);
  });
});
