/** The Redactor: every spelling of a secret, pieces of it in messages, whole spellings in data. */
import test from 'node:test';
import assert from 'node:assert/strict';
import { Redactor, redactText } from '../../../server/src/hub/redact';

const KEY = 'Ab12/Cd+Ef 34=Gh56';
const r = new Redactor([KEY]);

test('messages lose the secret in every spelling and case', () => {
  const form = new URLSearchParams({ k: KEY }).toString().slice(2);
  for (const spelling of [
    KEY,
    KEY.toLowerCase(),
    KEY.toUpperCase(),
    encodeURIComponent(KEY),
    form,
    form.replace(/\+/g, '%20'),
    KEY.replace(/ /g, '+'),
    JSON.stringify(KEY).slice(1, -1),
  ]) {
    assert.equal(r.text(`before ${spelling} after`), 'before *** after', spelling);
  }
});

test('messages lose any start or end of 4+ characters and any piece of 8+', () => {
  assert.equal(r.text(`excerpt "${KEY.slice(0, 10)}"...`), 'excerpt "***"...');
  assert.equal(r.text(`cut at ${KEY.slice(0, 4)}`), 'cut at ***');
  assert.equal(r.text(`tail ${KEY.slice(-4)}.`), 'tail ***.');
  assert.equal(r.text(`middle ${KEY.slice(3, 11)} end`), 'middle *** end');
  assert.equal(
    r.text(`short ${KEY.slice(0, 3)} and ${KEY.slice(4, 10)} stay`),
    `short ${KEY.slice(0, 3)} and ${KEY.slice(4, 10)} stay`,
    'too short to tell from text',
  );
  assert.equal(r.text('nothing secret here'), 'nothing secret here');
});

test('data lose whole spellings only; bodies keep their syntax', () => {
  assert.equal(r.value(`x${KEY.toLowerCase()}y`), 'x***y');
  assert.equal(r.value(KEY.slice(0, 10)), KEY.slice(0, 10), 'a designator that merely starts like the key stays');
  const body = Buffer.from(JSON.stringify({ a: KEY, b: [encodeURIComponent(KEY), KEY.toUpperCase()], c: 'keep' }));
  assert.deepEqual(JSON.parse(r.bytes(body).toString()), { a: '***', b: ['***', '***'], c: 'keep' });
  const clean = Buffer.from('{"c":"keep"}');
  assert.equal(r.bytes(clean), clean, 'a body without the secret is not copied');
});

test('short and empty secrets: 3 characters are cut out whole, 1–2 are left alone', () => {
  assert.equal(redactText('echoed k3y back', ['k3y']), 'echoed *** back');
  assert.equal(redactText('a b c', ['b']), 'a b c');
  assert.equal(new Redactor([undefined, '']).text('/x?user_key=abc&x=1'), '/x?user_key=***&x=1');
});

test('bodies lose the secret in any letter case, not only as sent, lower or upper', () => {
  const mixed = [...KEY].map((c, i) => (i % 2 ? c.toLowerCase() : c.toUpperCase())).join('');
  assert.notEqual(mixed, KEY);
  const body = Buffer.from(JSON.stringify({ designator: mixed, other: `x${encodeURIComponent(mixed)}y` }));
  assert.deepEqual(JSON.parse(r.bytes(body).toString()), { designator: '***', other: 'x***y' });
});

test('a large body is searched a window at a time and loses spellings that straddle two windows', () => {
  const window = 256 * 1024;
  const body = Buffer.alloc(3 * window, 'x');
  // Across the first window's end, upper-cased at the second's start, and at the very end.
  body.write(KEY, window - 5, 'latin1');
  body.write(encodeURIComponent(KEY).toUpperCase(), 2 * window, 'latin1');
  body.write(KEY.toLowerCase(), body.length - KEY.length, 'latin1');
  const finding = r.bodySpans(body);
  let steps = 1;
  while (!finding.next().done) steps++;
  assert.equal(steps, 3, 'one step per window');
  const x = (from: number, to: number) => 'x'.repeat(to - from);
  const expected =
    x(0, window - 5) +
    '***' +
    x(window - 5 + KEY.length, 2 * window) +
    '***' +
    x(2 * window + encodeURIComponent(KEY).length, body.length - KEY.length) +
    '***';
  assert.equal(r.bytes(body).toString('latin1'), expected);
});

test('a secret with letters beyond ASCII is found with its ASCII letters in any case', () => {
  const accented = new Redactor(['clé-ÀÉ-9']);
  const body = Buffer.from(`{"a":"CLé-ÀÉ-9","b":"keep"}`);
  assert.deepEqual(JSON.parse(accented.bytes(body).toString()), { a: '***', b: 'keep' });
});
