/**
 * docs/diagnostics.md is generated from DIAGNOSTIC_CODES and the examples table, with the
 * messages the parser really gives, so the page cannot drift from the code (a test compares).
 * Rewrite it with: node --import tsx test/unit/route/diagnostics-doc.ts --write
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIAGNOSTIC_CODES, parseRouteDocument } from '../../../server/src/route';
import { EXAMPLES } from './examples';

export const DOC_PATH = join(__dirname, '../../../docs/diagnostics.md');

const GROUPS: [string, string, string][] = [
  ['R0', 'File and directives', 'The `.route` file itself: binary content, `key: value` directives, blocks.'],
  ['R1', 'Syntax of one element', 'One whitespace-separated element of Item 15 that cannot be read as written.'],
  ['R2', 'Sequence rules', 'The order of elements (Doc 4444 Item 15, rules as numbered in the route notes).'],
  ['R3', 'FPL messages', '`(FPL-…)` blocks: fields 7, 8, 9, 10, 13, 15, 16, 18.'],
];

function cell(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, '⏎').replace(/\u0000/g, '\\u0000');
}

function example(text: string): string {
  const shown = text.length > 70 ? `${text.slice(0, 30)}…${text.slice(-39)}` : text;
  return '`' + cell(shown).replace(/`/g, "'") + '`';
}

export function diagnosticsMarkdown(): string {
  const out: string[] = [
    '# Diagnostics',
    '',
    'Every finding of the parser and the local checks has a stable code, a severity, a message that',
    'says what is wrong and what is expected, and the exact range it is about. The codes are grouped:',
    '`R0xx` the file and its directives, `R1xx` the syntax of one element, `R2xx` the sequence rules',
    'of ICAO Doc 4444 Item 15, `R3xx` FPL messages. A parse never stops at the first problem.',
    '',
    'The example column shows an input (⏎ is a line break) and the message it really gets; this page',
    'is generated from the parser (`node --import tsx test/unit/route/diagnostics-doc.ts --write`).',
  ];
  for (const [prefix, title, intro] of GROUPS) {
    out.push('', `## ${title}`, '', intro, '', '| Code | Severity | Meaning | Example | Message |', '|---|---|---|---|---|');
    for (const [code, info] of Object.entries(DIAGNOSTIC_CODES)) {
      if (!code.startsWith(prefix)) continue;
      const ex = EXAMPLES.find((e) => e.code === code);
      const doc = ex ? parseRouteDocument(ex.text) : undefined;
      const found = doc && [...doc.diagnostics, ...doc.blocks.flatMap((b) => b.diagnostics)].find((d) => d.code === code);
      out.push(`| ${code} | ${info.severity} | ${cell(info.title)} | ${ex ? example(ex.text) : ''} | ${found ? cell(found.message) : ''} |`);
    }
  }
  return out.join('\n') + '\n';
}

if (require.main === module && process.argv.includes('--write')) {
  writeFileSync(DOC_PATH, diagnosticsMarkdown());
  console.log(`wrote ${DOC_PATH}`);
}

export function currentDoc(): string {
  return readFileSync(DOC_PATH, 'utf8');
}
