/**
 * A deterministic generator of realistic .route files (route blocks with directives and FPL
 * messages) for the bench and the large-input tests. Routes are well-formed by construction.
 */

/** mulberry32: small, fast, seeded. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const AERODROMES = ['EGLL', 'EDDF', 'LFPG', 'EHAM', 'LEMD', 'LIRF', 'KJFK', 'CYUL', 'EIDW', 'LSZH'];
const NAVAIDS = ['DVR', 'DET', 'LN', 'KOK', 'BUB', 'CPT', 'OCK', 'MID', 'SAM', 'TNT'];
const NAMED = ['KONAN', 'AMASI', 'NAPSI', 'ROXOG', 'LOGAN', 'BIBAX', 'REDFA', 'GIBSO', 'TUPAR', 'SOVAT'];
const AIRWAYS = ['UL9', 'UL607', 'L6', 'UN850', 'Q100', 'J80', 'Y163', 'W615A', 'A1', 'UM605'];
const SIDS = ['DET1J', 'ANEKI1L', 'ROXOG1H', 'BPK7G', 'MID2X'];
const STARS = ['KERAX2B', 'ROKIL1A', 'LOGAN2H', 'BIG1E'];

function pick<T>(r: () => number, list: readonly T[]): T {
  const item = list[Math.floor(r() * list.length)];
  if (item === undefined) throw new Error('nothing to pick from an empty list');
  return item;
}

/** The word at `index`: a generated text is long enough to have it. */
function wordAt(words: readonly string[], index: number): string {
  const word = words[index];
  if (word === undefined) throw new Error(`no word ${index} in the generated ${JSON.stringify(words.join(' '))}`);
  return word;
}

function pad(n: number, w: number): string {
  return String(n).padStart(w, '0');
}

function point(r: () => number): string {
  const k = r();
  if (k < 0.45) return pick(r, NAMED);
  if (k < 0.8) return pick(r, NAVAIDS);
  if (k < 0.9) return `${pad(40 + Math.floor(r() * 20), 2)}N${pad(10 + Math.floor(r() * 60), 3)}W`;
  if (k < 0.95)
    return `${pad(Math.floor(r() * 90), 2)}${pad(Math.floor(r() * 60), 2)}N${pad(Math.floor(r() * 180), 3)}${pad(Math.floor(r() * 60), 2)}E`;
  return `${pick(r, NAVAIDS)}${pad(Math.floor(r() * 360), 3)}${pad(Math.floor(r() * 200), 3)}`;
}

function speedLevel(r: () => number): string {
  const k = r();
  if (k < 0.6) return `N0${400 + Math.floor(r() * 9) * 10}F${pad(290 + Math.floor(r() * 12) * 10, 3)}`;
  if (k < 0.8) return `M0${78 + Math.floor(r() * 8)}F${pad(300 + Math.floor(r() * 10) * 10, 3)}`;
  return `K0${800 + Math.floor(r() * 10) * 10}S${pad(1000 + Math.floor(r() * 20) * 10, 4)}`;
}

/** Item 15 route text of about `length` elements. */
export function generateRouteText(r: () => number, length: number): string {
  const out: string[] = [speedLevel(r)];
  // A SID ends at its last point, which comes next (Doc 4444 Item 15).
  if (r() < 0.5) out.push(pick(r, SIDS), pick(r, NAVAIDS));
  else out.push(pick(r, NAVAIDS));
  while (out.length < length) {
    const k = r();
    if (k < 0.55) out.push(pick(r, AIRWAYS), point(r));
    else if (k < 0.85) out.push('DCT', point(r));
    else if (k < 0.95) out.push('DCT', `${pick(r, NAMED)}/${speedLevel(r)}`);
    else out.push('DCT', `C/${pad(45 + Math.floor(r() * 10), 2)}N0${pad(10 + Math.floor(r() * 50), 2)}W/M082F290F350`);
  }
  if (r() < 0.5) out.push(pick(r, STARS));
  return out.join(' ');
}

/** Field 18 with every indicator of Doc 4444 App. 2, each valid for the message. */
function otherInformation(r: () => number, firstPoint: string, from: string, to: string): string {
  const alternate = pick(r, AERODROMES);
  const items = [
    'STS/HOSP',
    'PBN/A1B1C1D1L1O1S1',
    'NAV/GBAS',
    'COM/CPDLCX',
    'DAT/CPDLCX',
    'SUR/RSP180',
    `DEP/${from}`,
    `DEST/${to}`,
    'DOF/261121',
    'REG/DAIPX',
    `EET/${to}0045 LFFF0050`,
    'SEL/ABCD',
    'TYP/A320',
    'CODE/3C4B1A',
    `DLE/${firstPoint}0010`,
    'OPR/DLH',
    'ORGN/EDDFDLHX',
    'PER/C',
    `ALTN/${alternate}`,
    `RALT/${alternate}`,
    // A take-off alternate is another aerodrome than the departure (R330).
    `TALT/${alternate === from ? AERODROMES[(AERODROMES.indexOf(from) + 1) % AERODROMES.length] : alternate}`,
    `RIF/DVR UL9 ${alternate}`,
    'RMK/GENERATED',
  ];
  return items.join(' ');
}

/**
 * The route text with one typical mistake (samples/broken.route): two airways in a row, an
 * airway to DCT, a level that is no flight level, or a latitude past 90 degrees.
 */
function withMistake(r: () => number, route: string): string {
  const words = route.split(' ');
  const k = r();
  if (k < 0.25) {
    const at = words.findIndex((w) => AIRWAYS.includes(w));
    if (at > 0) words.splice(at + 1, 0, pick(r, AIRWAYS));
    else words.splice(2, 0, 'UL9', 'UL607');
  } else if (k < 0.5) {
    const at = words.findIndex((w) => AIRWAYS.includes(w));
    if (at > 0) words.splice(at + 1, 0, 'DCT');
    else words.splice(2, 0, 'UL9', 'DCT');
  } else if (k < 0.75) {
    words[0] = wordAt(words, 0)
      .replace(/F(\d\d)0$/, 'F$15')
      .replace(/S(\d\d\d)0$/, 'F$15');
  } else {
    words.splice(2, 0, 'DCT', '95N020W');
  }
  return words.join(' ');
}

/**
 * A .route file of `blocks` blocks: mostly route blocks, every fifth an FPL message. With
 * `mistakes` (a share, 0 to 1), that share of the blocks has one typical mistake each.
 */
export function generateRouteFile(blocks: number, seed = 1, mistakes = 0): string {
  const r = random(seed);
  const faults = random(seed + 1);
  const parts: string[] = [];
  for (let i = 0; i < blocks; i++) {
    const from = pick(r, AERODROMES);
    const to = pick(r, AERODROMES);
    const clean = generateRouteText(r, 12 + Math.floor(r() * 30));
    // Drawn from a stream of its own, so the file with mistakes has the same routes.
    const route = faults() < mistakes ? withMistake(faults, clean) : clean;
    if (i % 5 === 4) {
      const half = route.split(' ');
      const mid = Math.floor(half.length / 2);
      // An alternate is another aerodrome than the destination (R331).
      const drawn = pick(r, AERODROMES);
      const alternate = drawn === to ? AERODROMES[(AERODROMES.indexOf(to) + 1) % AERODROMES.length] : drawn;
      parts.push(
        // Field 7 takes at most 7 characters: TST and four digits, whatever the number of blocks.
        `# flight ${i}\n(FPL-TST${pad(i % 10000, 4)}-IS\n-A320/M-SDE2E3FGIJ1RWY/LB1\n-${from}1200\n-${half.slice(0, mid).join(' ')}\n ${half.slice(mid).join(' ')}\n-${to}0105 ${alternate}\n-${otherInformation(r, /\d/.test(wordAt(half, 1)) ? wordAt(half, 2) : wordAt(half, 1), from, to)})`,
      );
    } else {
      const wrapped = route.replace(/((?:\S+ ){12})/g, '$1\n').replace(/ \n/g, '\n');
      parts.push(`# route ${i}\norigin: ${from}\ndestination: ${to}\n${wrapped}`);
    }
  }
  return parts.join('\n\n') + '\n';
}
