/**
 * Settings reach the server by every route editors use, and the hub key goes in through the
 * custom notification without ever coming back out in a log or status line.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { DidChangeConfigurationNotification } from 'vscode-languageserver-protocol';
import { SET_HUB_KEY_NOTIFICATION, type SetHubKeyParams } from '../../common/protocol/lspMessages';
import * as path from 'node:path';
import { buildOnce, ROOT, SERVER_JS } from './support/build';
import { eventually, ServerUnderTest } from './support/server';

async function withServer(
  options: Parameters<typeof ServerUnderTest.start>[0],
  body: (s: ServerUnderTest) => Promise<void>,
) {
  const server = await ServerUnderTest.start(options);
  try {
    await body(server);
  } finally {
    await server.stop();
  }
}

test('without settings the defaults apply', async () => {
  await withServer({ initializationOptions: undefined }, async (server) => {
    const info = await server.serverInfo();
    assert.deepEqual(info.settings, { debounceMs: 150, navdataFolder: '' });
  });
});

test('initializationOptions set the settings (standalone editors, the bench)', async () => {
  await withServer(
    { initializationOptions: { icaoRoute: { diagnostics: { debounceMs: 0 }, navdata: { folder: '/data/nav' } } } },
    async (server) => {
      assert.deepEqual((await server.serverInfo()).settings, { debounceMs: 0, navdataFolder: '/data/nav' });
    },
  );
});

test('workspace/configuration answers override initializationOptions; wrong types fall back', async () => {
  await withServer(
    {
      initializationOptions: { icaoRoute: { diagnostics: { debounceMs: 0 } } },
      configuration: { diagnostics: { debounceMs: 40 }, navdata: { folder: 42 } },
    },
    async (server) => {
      // The pull happens after `initialized`; the "started" status says it is done.
      await waitFor(() => server.statuses.some((s) => /language server .* started/.test(s.message)));
      assert.deepEqual((await server.serverInfo()).settings, { debounceMs: 40, navdataFolder: '' });
    },
  );
});

test('didChangeConfiguration payloads update the settings of clients that cannot be asked', async () => {
  await withServer({}, async (server) => {
    await server.connection.sendNotification(DidChangeConfigurationNotification.type, {
      settings: { icaoRoute: { diagnostics: { debounceMs: 99999 } } },
    });
    // Clamped to the setting's maximum.
    await waitFor(async () => (await server.serverInfo()).settings.debounceMs === 5000);
  });
});

test('with a debounce, a burst of changes publishes only the last version', async () => {
  await withServer({ initializationOptions: { icaoRoute: { diagnostics: { debounceMs: 1000 } } } }, async (server) => {
    const uri = 'file:///settings/debounce.route';
    // The first publication (on open) does not wait for the debounce.
    assert.deepEqual(await server.open(uri, 'N0450F350 DVR UL9 KONAN'), []);
    await server.sendChange(uri, [{ text: 'N0450F350 DVR KONAN' }]);
    await server.sendChange(uri, [{ text: 'N0450F350 DVR UL9 UL607 AMASI' }]);
    const lastVersion = await server.sendChange(uri, [{ text: 'N0450F350 DVR UL9 DCT KONAN' }]);
    const published = await server.diagnosticsFor(uri, lastVersion);
    assert.deepEqual(
      published.diagnostics.map((d) => d.code),
      ['R205'],
    );
    assert.deepEqual(
      server.published.get(uri)!.map((p) => p.version),
      [1, 4],
    );
  });
});

test('the hub key is held by the server and never echoed', async () => {
  const secret = 'k3y-that-must-not-leak-7f1c';
  await withServer({}, async (server) => {
    assert.equal((await server.serverInfo()).hubKey, 'unset');
    await server.connection.sendNotification(SET_HUB_KEY_NOTIFICATION, {
      userKey: secret,
      source: 'secretStorage',
    } satisfies SetHubKeyParams);
    await waitFor(async () => (await server.serverInfo()).hubKey === 'set');
    assert.ok(server.statuses.some((s) => s.message === 'hub key set (from secretStorage)'));
    await server.connection.sendNotification(SET_HUB_KEY_NOTIFICATION, {
      userKey: null,
      source: 'none',
    } satisfies SetHubKeyParams);
    await waitFor(async () => (await server.serverInfo()).hubKey === 'unset');
    const everything = JSON.stringify([server.statuses, server.logMessages, server.stderr, await server.serverInfo()]);
    assert.ok(!everything.includes(secret));
  });
});

test('the navdata folder setting switches offline expansion on, over, and off for the open documents', async () => {
  const navdata = path.join(ROOT, 'test', 'fixtures', 'navdata');
  await withServer({}, async (server) => {
    const uri = 'file:///settings/expansion.route';
    assert.deepEqual(await server.open(uri, 'N0450F350 DVR DCT KNOAN DCT KOK'), []);
    await server.expansionStatus((s) => s.state === 'local');
    const change = (folder: string) =>
      server.connection.sendNotification(DidChangeConfigurationNotification.type, {
        settings: { icaoRoute: { diagnostics: { debounceMs: 0 }, navdata: { folder } } },
      });

    await change(navdata);
    await server.expansionStatus((s) => s.state === 'ok' && s.source === 'navdata');
    const expanded = await server.diagnosticsWhere(uri, (p) => p.diagnostics.some((d) => d.code === 'X001'));
    assert.deepEqual(
      expanded.diagnostics.map((d) => [d.code, d.range.start.character]),
      [['X001', 18]],
    );

    // A folder without data: one status, and the findings of the old data are gone.
    const count = server.published.get(uri)!.length;
    await change(path.join(navdata, 'missing'));
    const failed = await server.expansionStatus((s) => s.state === 'degraded');
    assert.match(failed.message, /could not be read/);
    await waitFor(() => server.published.get(uri)!.length > count);
    assert.deepEqual(server.published.get(uri)!.at(-1)!.diagnostics, []);

    await change('');
    const statuses = server.expansionStatuses.length;
    await server.expansionStatus((s) => s.state === 'local', statuses - 1);
    assert.equal((await server.serverInfo()).settings.navdataFolder, '');
  });
});

test('the server refuses to start without a transport, with a clear message', async () => {
  buildOnce();
  const run = spawnSync(process.execPath, [SERVER_JS], { encoding: 'utf8' });
  assert.equal(run.status, 2);
  assert.match(run.stderr, /--stdio/);
});

async function waitFor(condition: () => boolean | Promise<boolean>): Promise<void> {
  await eventually(condition, 'the condition', 10);
}
