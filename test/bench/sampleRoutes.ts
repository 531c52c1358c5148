/**
 * The sample files' routes as [origin, destination, route text], repeated to build the large
 * documents of the language-server benches (server.bench.ts, large.bench.ts, the edits at scale).
 */
export const ROUTES: [origin: string, destination: string, route: string][] = [
  ['EGLL', 'EDDF', 'N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A'],
  ['LFPG', 'LIRF', 'N0460F360 SID OKASI UL612 SRN UM727 TAQ STAR'],
  ['EHAM', 'LEMD', 'N0450F350 LOPIK UN852 LNO UZ707 RESMI UN857 SAU/N0450F370 UN857 MITUM UN733 PRADO'],
  [
    'EGCC',
    'CYUL',
    'N0480F340 POL UN57 GINGA DCT GOMUP/M083F360 DCT 57N020W 58N030W 58N040W 57N050W DCT PRAWN\nDCT YDP DCT YMX J524 YUL',
  ],
  [
    'EIDW',
    'CYYT',
    'N0470F330 DUB UN536 BURAK UL9 MALOT/M082F350 DCT 5330N02000W 5330N03000W 5230N04000W\n5030N05000W DCT YYT',
  ],
  ['VHHH', 'RJTT', 'N0490F380 SID ELATO A1 KEC Y21 XAC STAR'],
  ['WSSS', 'VTBS', 'N0470F350 VJR R325 VIH A464 BKK'],
];

/**
 * About `bytes` of blocks of these routes, each with its name and aerodromes as directives; every
 * other route has a repeated airway (a finding). The documents of the edits at scale, in process
 * (editScale.bench.ts) and over stdio (editsOverStdio.bench.ts).
 */
export function routesWithFindings(bytes: number): string {
  const blocks: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const [origin, destination, route] = ROUTES[i % ROUTES.length]!; // i modulo the length: in range
    const block = `# route ${i + 1}\norigin: ${origin}\ndestination: ${destination}\n${i % 2 ? route : `${route} UL9 UL9`}`;
    blocks.push(block);
    size += block.length + 2;
  }
  return blocks.join('\n\n');
}
