/**
 * Quick fixes the parser can state exactly where it finds the problem: the finding's `data`
 * carries the edits, and services/codeActions.ts offers them as they are. Only for fixes that
 * are certain (a character to remove, a letter to add, a duplicate to drop).
 */
import type { Range } from './model';

export interface TextFix {
  title: string;
  edits: { range: Range; newText: string }[];
  /** Whether the editor may apply it as the preferred fix (false when several are equally good). */
  preferred: boolean;
}

/** The `data` of a finding that carries its fixes. */
export interface TextFixData {
  fixes: TextFix[];
}

export function textFix(title: string, range: Range, newText: string, preferred = true): TextFixData {
  return { fixes: [{ title, edits: [{ range, newText }], preferred }] };
}

/** Names of the invisible and unusual blank characters, for messages that say what the character is. */
const CHARACTER_NAMES: Record<number, string> = {
  0x00a0: 'no-break space',
  0x00ad: 'soft hyphen',
  0x1680: 'Ogham space mark',
  0x180e: 'Mongolian vowel separator',
  0x2007: 'figure space',
  0x2008: 'punctuation space',
  0x2009: 'thin space',
  0x200a: 'hair space',
  0x200b: 'zero-width space',
  0x200c: 'zero-width non-joiner',
  0x200d: 'zero-width joiner',
  0x2028: 'line separator',
  0x2029: 'paragraph separator',
  0x202f: 'narrow no-break space',
  0x205f: 'medium mathematical space',
  0x2060: 'word joiner',
  0x3000: 'ideographic space',
  0xfeff: 'zero-width no-break space (byte-order mark)',
  11: 'vertical tab',
  12: 'form feed',
};

/** "U+00A0 (no-break space)": what a character is, by its code point. */
export function characterName(c: number): string {
  const hex = `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
  const name = CHARACTER_NAMES[c] ?? (c >= 0x2000 && c <= 0x2006 ? 'typographic space' : undefined);
  return name ? `${hex} (${name})` : hex;
}

/** Invisible characters that are no blank: inside an element they are removed, not replaced. */
export function isInvisibleFormat(c: number): boolean {
  return c === 0x200b || c === 0x200c || c === 0x200d || c === 0x2060 || c === 0x00ad || c === 0x180e;
}
