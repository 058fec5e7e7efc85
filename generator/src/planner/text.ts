// Small text helpers the planner's modules share.

// ── Small helpers ───────────────────────────────────────────────────────────────────────────

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** "the event on Eventbrite is 8123…", "the board is 5f3a…": a noun, then its id after "is". */
export const NAMED_AS = String.raw`(?:(?:\s+(?:on|in|at)\s+[\w.-]+)?\s+is\b)?`;

/** Words that leave records out of what a sentence asks for: "no subtasks", "skip PRs". */
export const LEAVES_OUT =
  /\b(?:no|not|nor|without|skip\w*|exclud\w*|except|stays?\s+out|leav\w*\s+out|left\s+out|never|ignor\w*|drop\w*|omit\w*|so\s+do|neither)\b/i;

/**
 * The words before `index` back to the nearest of `marks` (by default a sentence's end): the
 * clause a phrase stands in, for the words that make it a condition or an exclusion.
 */
export function clauseBefore(text: string, index: number, marks = '.;!?\n'): string {
  const before = text.slice(0, Math.max(0, index));
  return before.slice(1 + Math.max(...[...marks].map((mark) => before.lastIndexOf(mark))));
}

/** The sentence (or line) around `index`, trimmed. */
export function sentenceAt(text: string, index: number): string {
  const start = Math.max(...[...'.;!?\n'].map((c) => text.lastIndexOf(c, index))) + 1;
  const end = /[.;!?\n]/.exec(text.slice(index));
  return text.slice(start, end ? index + end.index : text.length).trim();
}
