/**
 * Texts of about `size` characters, each a shape that once cost, or might cost, far more memory
 * than its size (issue 11.1): many tiny blocks, one huge block, FPL messages, garbage, white
 * space, comments, directives and wide separators. Each text is made when asked for: a child of
 * heldMemory.test.ts measures one shape.
 */
export function heldShapes(size: number): Record<string, () => string> {
  const repeat = (unit: string): string => unit.repeat(Math.ceil(size / unit.length));
  const fpl = '(FPL-DLH4AB-IS-A320/M-SDFGIRWY/LB1-EGLL1200-N0450F350 DVR KONAN-EDDF0100-0)\n\n';
  const fplHead = '(FPL-DLH4AB-IS-A320/M-SDFGIRWY/LB1-EGLL1200-N0450F350 DVR-EDDF0100-';
  return {
    'tiny blocks, each with a finding': () => repeat('X\n\n'),
    'tiny blocks of a speed and level, each with a finding': () => repeat('N0450F350\n\n'),
    'tiny routes, each with a finding': () => repeat('N0450F350 DVR KONAN\n\n'),
    'routes of eight elements': () => repeat('N0450F350 BEKAN UL9 KONAN UL607 AMASI DCT BEKAN\n\n'),
    'blocks of a directive, each with a finding': () => repeat('origin: EGLL\n\n'),
    'one huge block on one line': () => `N0450F350 ${repeat('DVR DCT KONAN UL9 ')}`,
    'one huge block, a word a line': () => `N0450F350\n${repeat('DVR DCT\n')}`,
    'one huge block, a letter a line': () => `N0450F350\n${repeat('a\n')}`,
    'many FPL messages': () => repeat(fpl),
    'an FPL message of many fields': () => `(FPL-${repeat('A-')})`,
    'an FPL message of many field 18 indicators': () => `${fplHead}${repeat('AB/ ')})`,
    'an FPL message whose field 18 runs over many lines': () => `${fplHead}${repeat('RMK/A B\n')})`,
    'an FPL message of dashes': () => `(FPL-${'-'.repeat(size)})`,
    'an FPL message of dashes, one a line': () => `(FPL\n${repeat('-\n')})`,
    'garbage words': () => repeat('Q1%W2E3R4*T5Y6 '),
    'long lines without spaces': () => repeat(`${'A'.repeat(100_000)}\n`),
    'white space only': () => repeat(' \t \n'),
    'comment lines only': () => repeat('# a comment\n'),
    'one directive repeated': () => `N0450F350 DVR\n${repeat('origin: EGLL\n')}`,
    'words between U+2028': () => repeat('DVR\u2028'),
    'words between no-break spaces': () => `N0450F350${repeat('\u00a0DVR')}`,
  };
}
