import assert from 'node:assert/strict';
import test from 'node:test';
import { makeNonce, mapPageHtml } from '../../../client/src/map/mapHtml';

const resources = {
  cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
  nonce: 'abc123',
  scriptUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/media/map.js',
  styleUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/media/map.css',
  basemapUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/media/basemap',
};

test('the page CSP allows nothing but its own resources and the nonce script', () => {
  const html = mapPageHtml(resources);
  const csp = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '';
  const directives = Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k, v]),
  );
  assert.deepEqual(directives['default-src'], ["'none'"]);
  assert.deepEqual(directives['script-src'], ["'nonce-abc123'"]);
  for (const kind of ['style-src', 'img-src', 'font-src', 'connect-src'])
    assert.deepEqual(directives[kind], [resources.cspSource], kind);
  assert.doesNotMatch(csp, /unsafe|blob:|data:|\*/);
  // Exactly one script, carrying the nonce; no inline script or style.
  assert.deepEqual(html.match(/<script[^>]*>/g), [`<script nonce="abc123" src="${resources.scriptUri}">`]);
  assert.doesNotMatch(html, /<style|style=/);
});

test('nonces are fresh and long enough', () => {
  const a = makeNonce();
  assert.match(a, /^[A-Za-z0-9+/]{32}$/);
  assert.notEqual(a, makeNonce());
});
