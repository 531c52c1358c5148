/** Texts of about `size` characters, each a shape that once cost far more memory than its size (issue 11.1). */
export function heldShapes(size: number): Record<string, string> {
  const repeat = (unit: string): string => unit.repeat(Math.ceil(size / unit.length));
  return {
    'tiny blocks, each with a finding': repeat('X\n\n'),
    'tiny routes, each with a finding': repeat('N0450F350 DVR KONAN\n\n'),
    'one huge block on one line': `N0450F350 ${repeat('DVR DCT KONAN UL9 ')}`,
    'one huge block, a word a line': `N0450F350\n${repeat('DVR DCT\n')}`,
    'an FPL message of dashes': `(FPL-${'-'.repeat(size)})`,
    'long lines without spaces': repeat(`${'A'.repeat(100_000)}\n`),
  };
}
