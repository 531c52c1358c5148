/**
 * Safe markdown for text that came from the user's file. Speeds and levels are put in words by
 * route/describe.ts, once for the element's description and its hover.
 */

/** Inline code that survives backticks, line breaks and control characters in the source. */
export function inlineCode(text: string, maxLength = 60): string {
  let shown = text.replace(/[\u0000-\u001f\u007f]/g, '\uFFFD');
  if (shown.length > maxLength) shown = `${shown.slice(0, maxLength)}…`;
  const longestRun = Math.max(0, ...(shown.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const pad = shown.startsWith('`') || shown.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${shown}${pad}${fence}`;
}

/** Plain text made inert for markdown (descriptions and messages are prose, not markup). */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>|]/g, (c) => `\\${c}`);
}
