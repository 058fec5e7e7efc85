// Finds the module in an LLM's answer (ADR 013): models are asked for one fenced
// ```javascript block, but some add prose around it, several blocks, or no fence at all.

const FENCE = /^[ \t]*(`{3,}|~{3,})[ \t]*([\w+-]*)[^\n]*\n([\s\S]*?)^[ \t]*\1[ \t]*$/gm;
const CODE_LANGUAGES = new Set(['', 'js', 'javascript', 'mjs', 'jsx', 'ts', 'typescript', 'node']);

export function extractCode(answer: string): string {
  const text = answer.replace(/\r\n/g, '\n');
  const blocks = [...text.matchAll(FENCE)]
    .filter((match) => CODE_LANGUAGES.has((match[2] ?? '').toLowerCase()))
    .map((match) => match[3] ?? '');
  if (blocks.length > 0) {
    // The block with the run function; among several, the longest (the others are usually
    // snippets quoted in the explanation).
    const withRun = blocks.filter((block) => /\bexport\s+default\b/.test(block));
    const candidates = withRun.length > 0 ? withRun : blocks;
    const best = candidates.reduce((a, b) => (b.length > a.length ? b : a));
    return finish(best);
  }
  // An answer cut off before its closing fence (finish_reason 'length'): keep what came.
  const open = /^[ \t]*(?:`{3,}|~{3,})[ \t]*([\w+-]*)[^\n]*\n/m.exec(text);
  if (open && CODE_LANGUAGES.has((open[1] ?? '').toLowerCase())) {
    return finish(text.slice(open.index + open[0].length));
  }
  // No fence: drop any prose before the first line that looks like code.
  const start =
    /^(?:\/\/|\/\*|export\b|import\b|const\b|let\b|var\b|async\b|function\b|'use strict')/m.exec(
      text,
    );
  return finish(start ? text.slice(start.index) : text);
}

function finish(code: string): string {
  const trimmed = code.replace(/^\s*\n/, '').trimEnd();
  return trimmed === '' ? '' : `${trimmed}\n`;
}
