import type { TResource } from '@patchbay/schema';
import { leaves, normalise } from './field-match.ts';
import type { FilterPlan } from './plan-types.ts';

// Whether a record is assigned to someone, as people say it: "unassigned", "that nobody has
// taken yet", "no one is assigned to", "not assigned yet", "already assigned to someone".
// "Without an assignee" is a missing field, which plan-filters.ts reads.

const NOBODY = String.raw`(?:nobody|no\s*one|no\s+person|no\s+agent|no\s+user)`;
const UNASSIGNED = new RegExp(
  String.raw`\b(?:unassigned|not\s+(?:yet\s+)?assigned(?:\s+yet)?|${NOBODY}\s+(?:is\s+|has\s+been\s+|was\s+)?(?:yet\s+)?assigned|${NOBODY}\s+(?:has\s+)?(?:yet\s+)?(?:taken|picked\s+up|claimed))\b`,
  'g',
);
const ASSIGNED =
  /\b(?:already\s+assigned|assigned\s+to\s+(?:someone|somebody|anyone|an?\s+(?:agent|person|user)))\b/g;
/** "Unassigned ones are skipped": a sentence that leaves such records out. */
const LEAVES_OUT =
  /\b(?:skip\w*|ignor\w*|leav\w* (?:\w+ )?out|exclud\w*|drop\w*|omit\w*|(?:don['’]?t|do not|never) (?:want|need|include|belong))\b/;

/** The field that holds who a record is assigned to: `assignee`, `assigned_to`, `assignees`. */
function assigneeField(resource: TResource): string | undefined {
  const fields = leaves(resource.schema, 0).map((leaf) => leaf.path);
  return (
    fields.find((f) => /^assignees?$/.test(normalise(f))) ??
    fields.find((f) => /^assign/.test(normalise(f))) ??
    fields.find((f) => /^(?:owner|ownerid)$/.test(normalise(f)))
  );
}

export function assignmentFilters(
  lower: string,
  resource: TResource,
  add: (filter: FilterPlan) => void,
): void {
  const field = assigneeField(resource);
  if (!field) return;
  const read = (pattern: RegExp, assigned: boolean) => {
    for (const m of lower.matchAll(pattern)) {
      const start = Math.max(
        ...['.', ';', '!', '?', '\n'].map((c) => lower.lastIndexOf(c, m.index)),
      );
      const end = lower.slice(m.index).search(/[.;!?\n]/);
      const sentence = lower.slice(start + 1, end === -1 ? undefined : m.index + end);
      const kept = assigned !== LEAVES_OUT.test(sentence);
      add({ field, op: kept ? 'truthy' : 'falsy', phrase: m[0] });
      return;
    }
  };
  read(UNASSIGNED, false);
  read(ASSIGNED, true);
}
