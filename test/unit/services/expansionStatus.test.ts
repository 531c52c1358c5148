/**
 * The route expansion status: failures of the services classified into one state each, repeated
 * failures reported once, the key never in a message; and how the client shows each state.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { clearedKeyMessage, statusPresentation } from '../../../client/src/statusPresentation';
import { HubError, type ServiceErrorKind } from '../../../server/src/hub';
import { redactText } from '../../../server/src/hub';
import { ExpansionStatusTracker, failureStatus } from '../../../server/src/session/status';
import type { ExpansionStatusParams } from '../../../common/protocol/lspMessages';
import { nth } from '../route/helpers';

test('unreachable services are offline; refusals and broken answers are degraded; route problems are no failure', () => {
  const cases: [ServiceErrorKind, string | undefined][] = [
    ['network', 'offline'],
    ['timeout', 'offline'],
    ['serverFailure', 'degraded'],
    ['notAuthorised', 'degraded'],
    ['restricted', 'degraded'],
    ['usageLimit', 'degraded'],
    ['malformedResponse', 'degraded'],
    ['responseTooLarge', 'degraded'],
    ['configuration', 'degraded'],
    ['badRequest', undefined],
    ['cancelled', undefined],
  ];
  for (const [kind, state] of cases) {
    const status = failureStatus(new HubError(kind, `what happened (${kind}). What to do.`), 'hub');
    assert.equal(status?.state, state, kind);
    if (status) {
      assert.equal(status.kind, kind);
      assert.match(status.message, new RegExp(`what happened \\(${kind}\\)`));
      assert.match(status.message, /Local checks continue\.$/);
    }
  }
  const abort = Object.assign(new Error('aborted'), { name: 'AbortError' });
  assert.equal(failureStatus(abort, 'hub'), undefined);
  assert.equal(failureStatus(new TypeError('x is undefined'), 'navdata')?.state, 'degraded');
});

test('the key is cut out of any message, whatever a lower layer wrote', () => {
  const status = failureStatus(
    new HubError('serverFailure', 'failed at https://hub/x?user_key=k3y-4711 (k3y-4711)'),
    'hub',
    'k3y-4711',
  );
  assert.ok(status && !status.message.includes('k3y-4711'), status?.message);
  assert.equal(redactText('nothing secret here', ['k3y-4711']), 'nothing secret here');
  assert.equal(redactText('a b', ['']), 'a b');
  const short = failureStatus(new HubError('serverFailure', 'the page echoed abc'), 'hub', 'abc');
  assert.ok(short && !short.message.includes('abc'), short?.message);
});

test('a status is reported once per change of state or kind of failure, not per failure', () => {
  const reported: ExpansionStatusParams[] = [];
  const tracker = new ExpansionStatusTracker((s) => reported.push(s));
  const ok = { state: 'ok', source: 'hub', message: 'Route expansion by the hub at http://127.0.0.1:1/.' } as const;
  assert.equal(tracker.set(ok), true);
  assert.equal(tracker.set(ok), false);
  for (let i = 0; i < 5; i++)
    tracker.set({ ...failureStatus(new HubError('serverFailure', `HTTP 500, support id ${i}`), 'hub')! });
  assert.equal(reported.length, 2);
  assert.match(nth(reported, 1).message, /support id 0/);
  tracker.set(failureStatus(new HubError('network', 'ECONNRESET'), 'hub')!);
  tracker.set(failureStatus(new HubError('timeout', 'no answer in 15 s'), 'hub')!);
  assert.deepEqual(
    reported.map((s) => s.state),
    ['ok', 'degraded', 'offline', 'offline'],
  );
  tracker.set(ok);
  assert.deepEqual(tracker.status, ok);
  assert.equal(reported.length, 5);
  // A new ok message (another folder, other counts) is news.
  assert.equal(tracker.set({ ...ok, message: 'Route expansion by the hub at http://127.0.0.1:2/.' }), true);
});

test('the status bar shows each state with its own text; warnings for offline and degraded', () => {
  const look = (state: ExpansionStatusParams['state'], source: ExpansionStatusParams['source']) =>
    statusPresentation({ state, source, message: `the message (${state})` });
  assert.equal(look('ok', 'hub').text, '$(check) Route: hub');
  assert.equal(look('ok', 'navdata').text, '$(check) Route: navdata');
  assert.equal(look('loading', 'navdata').text, '$(sync~spin) Route: navdata');
  assert.equal(look('local', 'none').text, '$(circle-slash) Route: local checks');
  assert.equal(look('offline', 'hub').text, '$(debug-disconnect) Route: hub offline');
  assert.equal(look('degraded', 'navdata').text, '$(warning) Route: navdata failing');
  assert.deepEqual(
    (['ok', 'loading', 'local', 'offline', 'degraded'] as const).map((s) => look(s, 'hub').warning),
    [false, false, false, true, true],
  );
  assert.match(look('degraded', 'hub').tooltip, /^the message \(degraded\)\n\nClick to show the ICAO Route output\.$/);
  assert.match(statusPresentation(undefined).tooltip, /starting/);
});

test('a hub key from the environment: the status and the Clear Hub Key notification say so', () => {
  const ok = { state: 'ok', source: 'hub', message: 'Route expansion by the hub.' } as const;
  assert.equal(statusPresentation(ok, 'environment').text, '$(check) Route: hub · HUB_USER_KEY');
  assert.equal(
    statusPresentation({ ...ok, state: 'degraded' }, 'environment').text,
    '$(warning) Route: hub failing · HUB_USER_KEY',
  );
  assert.match(statusPresentation(ok, 'environment').tooltip, /HUB_USER_KEY environment variable .*Clear Hub Key/);
  assert.equal(statusPresentation(ok, 'secretStorage').text, '$(check) Route: hub');
  assert.doesNotMatch(statusPresentation(ok, 'secretStorage').tooltip, /HUB_USER_KEY/);
  // The navdata source does not use the key, whatever its source.
  assert.equal(statusPresentation({ ...ok, source: 'navdata' }, 'environment').text, '$(check) Route: navdata');
  assert.match(clearedKeyMessage('environment'), /stored hub key cleared.*HUB_USER_KEY.*restart/);
  assert.equal(clearedKeyMessage('none'), 'ICAO Route: hub key cleared.');
});
