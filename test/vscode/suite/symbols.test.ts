/** The outline through `vscode.executeDocumentSymbolProvider`: one symbol per route block, its points as children. */
import * as assert from 'node:assert/strict';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';
import { activateExtension, lineNumberOf, openSample } from './helpers';
import { defined } from '../../shared/defined';

async function symbolsOf(document: vscode.TextDocument): Promise<vscode.DocumentSymbol[]> {
  const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>(
    'vscode.executeDocumentSymbolProvider',
    document.uri,
  );
  assert.ok(Array.isArray(symbols), 'no document symbols');
  return symbols;
}

suite('document symbols', () => {
  suiteSetup(activateExtension);

  test('europe.route: one symbol per route, named by origin and destination, points as children', async () => {
    const document = await openSample('europe.route');
    const symbols = await symbolsOf(document);
    assert.equal(symbols.length, 3, `symbols: ${symbols.map((s) => s.name).join(' | ')}`);
    for (const [index, [origin, destination]] of (
      [
        ['EGLL', 'EDDF'],
        ['LFPG', 'LIRF'],
        ['EHAM', 'LEMD'],
      ] as const
    ).entries()) {
      const { name } = defined(symbols[index], `symbol ${index}`);
      assert.ok(name.includes(origin) && name.includes(destination), `symbol ${index} is '${name}'`);
    }
    const europe = defined(symbols[0], 'the first symbol');
    assert.deepEqual(
      europe.children.map((c) => c.name),
      ['DVR', 'KONAN', 'RUDUS', 'ROLIS'],
    );
    const routeLine = lineNumberOf(document, 'N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A');
    assert.ok(europe.range.contains(new vscode.Position(routeLine, 0)), 'the first symbol covers its route line');
    const konan = defined(europe.children[1], 'KONAN');
    assert.equal(document.getText(konan.selectionRange), 'KONAN');
  });

  test('north-atlantic.route: lat/lon points are outline children', async () => {
    const document = await openSample('north-atlantic.route');
    const symbols = await symbolsOf(document);
    assert.equal(symbols.length, 2);
    const [whole, halfDegrees] = [defined(symbols[0]), defined(symbols[1])];
    const names = whole.children.map((c) => c.name);
    for (const point of ['57N020W', '58N030W', '58N040W', '57N050W'])
      assert.ok(names.includes(point), `children: ${names.join(' ')}`);
    const halfDegree = halfDegrees.children.map((c) => c.name);
    assert.ok(halfDegree.includes('5330N02000W'), `children: ${halfDegree.join(' ')}`);
  });

  test('fpl-message.route: one symbol per FPL message, named by its aircraft identification', async () => {
    const document = await openSample('fpl-message.route');
    const symbols = await symbolsOf(document);
    assert.equal(symbols.length, 2);
    const [lufthansa, airFrance] = [defined(symbols[0]), defined(symbols[1])];
    assert.ok(lufthansa.name.includes('DLH4AB'), lufthansa.name);
    assert.ok(airFrance.name.includes('AFR1404'), airFrance.name);
    assert.ok(lufthansa.children.some((c) => c.name === 'KONAN'));
  });
});
