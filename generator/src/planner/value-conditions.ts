// "Reviewer: the approver's login (blank when nobody approved)": a condition on what
// one field holds, not on which records are written. The filter readers get the prompt with
// these clauses blanked out (same length, so positions in it still hold).

const VALUE_CONDITION =
  /\b(?:(?:or|and)\s+)?(?:left\s+|leave\s+(?:it\s+|that\s+)?)?(?:empty|blank|null|none|nothing)\s+(?:if|when|where|whenever|in case)\b[^.;:)\n]*/gi;

export function withoutValueConditions(text: string): string {
  return text.replace(VALUE_CONDITION, (clause) => ' '.repeat(clause.length));
}
