import test from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseRouteDocument } from '../../../server/src/route';
import { expandRoute } from '../../../server/src/expansion/offlineExpansion';
import { codesOf } from '../../../server/src/route/codes';
import { EXCERPT, load } from '../navdata/paths';
import { defined } from '../../shared/defined';

/** Words of every kind the parser knows, real and broken, including namesakes and unknowns. */
const WORDS = [
  'N0450F350',
  'M082F370',
  'K0830S1130',
  'DCT',
  'DCT',
  'DCT',
  'SID',
  'STAR',
  'DVR6J',
  'ROLIS1A',
  'T',
  'VFR',
  'IFR',
  'NATD',
  'DVR',
  'KONAN',
  'KOK',
  'SAM',
  'PRAWN',
  'KOR',
  'BIG',
  'ORTAC',
  'GOMUP',
  'AMASI',
  'RUDUS',
  'ROLIS',
  'KNOAN',
  'XYZ',
  'UL9',
  'UL607',
  'L607',
  'T150',
  'UN857',
  'A1',
  'L6',
  'UQ999',
  'EGLL',
  'EDDF',
  'ZZZZ',
  '57N020W',
  '5330N02000W',
  '95N020W',
  '00N000E',
  'DVR270020',
  'SAM180999',
  'KONAN/N0450F370',
  'C/57N020W/M082F290PLUS',
  'ul9',
  'dvr',
  '?!',
  'STAY1/0030',
  'OAT',
  'GAT',
];

test('expansion never throws and keeps its invariants on arbitrary routes', async () => {
  const db = await load(EXCERPT);
  fc.assert(
    fc.property(
      fc.array(fc.constantFrom(...WORDS), { minLength: 0, maxLength: 30 }),
      fc.option(fc.constantFrom('EGLL', 'EGHI', 'ZZZZ', 'egll')),
      fc.option(fc.constantFrom('EDDF', 'ZZZZ')),
      fc.option(fc.constantFrom('OCK', 'GWC270020', '5057N00121W', 'QQQQQ', '123')),
      (words, origin, destination, reference) => {
        const lines = [];
        if (origin) lines.push(`origin: ${origin}`);
        if (destination) lines.push(`destination: ${destination}`);
        if (reference) lines.push(`referenceFix: ${reference}`);
        lines.push(words.join(' '));
        const text = lines.join('\n');
        for (const block of parseRouteDocument(text).blocks) {
          const result = expandRoute(block, db);
          for (const p of result.points) {
            assert.ok(Number.isFinite(p.lat) && Math.abs(p.lat) <= 90, `${p.designator} lat ${p.lat}`);
            assert.ok(Number.isFinite(p.lon) && Math.abs(p.lon) <= 180, `${p.designator} lon ${p.lon}`);
            assert.ok(p.elementIndex >= -1 && p.elementIndex < block.elements.length);
            assert.ok(p.resolvedFix.length > 0);
          }
          for (const f of result.findings) {
            assert.ok((codesOf('X') as string[]).includes(f.code), f.code);
            assert.ok(f.range.start.line <= f.range.end.line && f.range.end.line < lines.length);
          }
          if (result.ambiguousFirstFix) assert.ok(result.ambiguousFirstFix.candidates.length > 1);
          for (const proc of result.procedures)
            assert.ok(['sid', 'star'].includes(defined(block.elements[proc.elementIndex]).kind));
        }
      },
    ),
    { numRuns: 500 },
  );
});
