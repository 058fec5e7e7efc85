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
