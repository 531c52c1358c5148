/** Hovers through `vscode.executeHoverProvider`: what each kind of element decodes to. */
import * as assert from 'node:assert/strict';
import { suite, suiteSetup, test } from 'mocha';
import { activateExtension, hoverText, openSample, rangeOf } from './helpers';

interface Case {
  sample: string;
  line: string;
  /** The element, [bracketed]; the hover is asked for at its second character. */
  mark: string;
  says: string[];
}

const CASES: Case[] = [
  {
    sample: 'europe.route',
    line: 'N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A',
    mark: '[N0450F350] DVR6J',
    says: ['`N0450F350`', '450 kt TAS at FL350'],
  },
  {
    sample: 'europe.route',
    line: 'N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A',
    mark: 'DVR6J [DVR] UL9',
    says: ['`DVR`', 'navaid'],
  },
  {
    sample: 'europe.route',
    line: 'N0450F350 DVR6J DVR UL9 KONAN L607 RUDUS T150 ROLIS ROLIS1A',
    mark: 'DVR [UL9] KONAN',
    says: ['`UL9`', 'ATS route'],
  },
  {
    sample: 'europe.route',
    line: 'N0450F350 LOPIK UN852 LNO/N0450F360 UZ707 RESMI UN857 SAU/N0450F380 UN857 MITUM UN733 PRADO',
    mark: '[LNO/N0450F360] UZ707',
    says: ['`LNO/N0450F360`', 'change of speed and level', '450 kt TAS at FL360'],
  },
  {
    sample: 'europe.route',
    line: 'N0450F350 LOPIK UN852 LNO/N0450F360 UZ707 RESMI UN857 SAU/N0450F380 UN857 MITUM UN733 PRADO',
    mark: '[SAU/N0450F380]',
    says: ['`SAU/N0450F380`', '450 kt TAS at FL380'],
  },
  {
    sample: 'north-atlantic.route',
    line: 'N0480F340 POL UN57 GINGA DCT GOMUP/M083F360 DCT 57N020W 58N030W 58N040W 57N050W DCT PRAWN',
    mark: '[57N020W]',
    says: ['`57N020W`', '57°N 020°W'],
  },
  {
    sample: 'north-atlantic.route',
    line: 'N0470F320 DUB UN536 BURAK UL9 MALOT/M082F360 DCT 5330N02000W 5330N03000W 5230N04000W',
    mark: '[5330N02000W]',
    says: ['`5330N02000W`', "53°30'N 020°00'W"],
  },
];

suite('hover', () => {
  suiteSetup(activateExtension);

  for (const c of CASES) {
    test(`${c.mark} in ${c.sample}`, async () => {
      const document = await openSample(c.sample);
      const element = rangeOf(document, c.line, c.mark);
      const { text, ranges } = await hoverText(document.uri, element.start.translate(0, 1));
      for (const phrase of c.says)
        assert.ok(text.includes(phrase), `hover should say '${phrase}', says: ${text || '(nothing)'}`);
      assert.ok(
        ranges.some((r) => r.isEqual(element)),
        `hover range should be the element ${JSON.stringify(element)}, got ${JSON.stringify(ranges)}`,
      );
    });
  }
});
