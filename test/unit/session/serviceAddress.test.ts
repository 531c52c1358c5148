/** The status says where requests go, and warns when a base URL is not the service's own. */
import assert from 'node:assert/strict';
import test from 'node:test';
import { DEFAULT_HUB_BASE_URL, DEFAULT_REFERENCE_BASE_URL } from '../../../common/endpoints';
import { RouteSession } from '../../../server/src/session/routeSession';
import { serviceAddress } from '../../../server/src/session/serviceAddress';

test('the default address is named plainly; another one says the key is sent there', () => {
  assert.equal(serviceAddress('hub', `${DEFAULT_HUB_BASE_URL}/`), ` at ${DEFAULT_HUB_BASE_URL}/`);
  assert.equal(
    serviceAddress('hub', 'https://user:pw@evil.example.com/'),
    ` at https://***@evil.example.com/ (not the default address ${DEFAULT_HUB_BASE_URL}: the hub key is sent there)`,
  );
  assert.match(serviceAddress('reference', 'https://ref.example.org'), /the appId and appKey are sent there/);
  assert.equal(serviceAddress('reference', DEFAULT_REFERENCE_BASE_URL), ` at ${DEFAULT_REFERENCE_BASE_URL}`);
});

test("the session's statuses name another hub and reference address as such", async () => {
  const messages: string[] = [];
  const session = new RouteSession({ status: (_name, status) => messages.push(status.message), log: () => {} });
  session.configure(
    {
      hub: { baseUrl: 'https://hub.example.net' },
      reference: { baseUrl: 'https://ref.example.net' },
      navdataFolder: '',
    },
    { hubUserKey: 'k3y-for-test', reference: { appId: 'id-for-test', appKey: 'key-for-test' } },
  );
  await session.dispose();
  assert.ok(
    messages.some((m) => /hub at https:\/\/hub\.example\.net\/ \(not the default address/.test(m)),
    messages.join('\n'),
  );
  assert.ok(
    messages.some((m) => /Airline reference at https:\/\/ref\.example\.net\/? \(not the default/.test(m)),
    messages.join('\n'),
  );
});
