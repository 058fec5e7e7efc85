import type { TResource } from '@patchbay/schema';
import { type FieldLeaf, leaves } from './field-match.ts';
import type { FilterPlan } from './plan-types.ts';
import { resourceNames } from './resource-words.ts';
import { escapeRegExp, LEAVES_OUT, sentenceAt } from './text.ts';

// Records inside records of the same kind: "no subtasks", "sub-issues stay out", "only the
// child tickets". A record is a sub-record when its parent field is set.

function parentField(resource: TResource): FieldLeaf | undefined {
  return leaves(resource.schema, 0).find((l) =>
    /^(?:parent|parent_?id|parentId|parent_task|parent_issue)$/i.test(l.path),
  );
}

export function hierarchyFilters(text: string, resource: TResource): FilterPlan[] {
  const field = parentField(resource);
  if (!field) return [];
  const nouns = resourceNames(resource).map(escapeRegExp).join('|');
  const sub = new RegExp(
    `\\b(only\\s+|just\\s+)?(?:the\\s+)?(?:sub-?|child\\s+)(?:${nouns})s?\\b`,
    'gi',
  );
  for (const m of text.matchAll(sub)) {
    const sentence = sentenceAt(text, m.index);
    if (m[1]) return [{ field: field.path, op: 'truthy', phrase: m[0].trim() }];
    if (LEAVES_OUT.test(sentence)) return [{ field: field.path, op: 'falsy', phrase: sentence }];
  }
  return [];
}
