// Small text helpers the planner's modules share.

// ── Small helpers ───────────────────────────────────────────────────────────────────────────

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
