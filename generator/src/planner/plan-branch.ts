import type { FieldLeaf } from './field-match.ts';
import type { FilterPlan } from './plan-types.ts';

// A branch the prompt names for code records: "pipelines on main", "MRs merged into `develop`",
// "runs on the release/2.4 branch". The branch is a value of the record's branch field: the
// target (base) branch for "into", the branch itself (`ref`) otherwise.

const USUAL_BRANCHES =
  /^(?:main|master|develop|development|dev|trunk|staging|production|release\/[\w.-]+)$/;

const BRANCH_PHRASE =
  /\b(on|into|to|in|from|against)\s+(?:the\s+)?(?:(?:branch|ref)\s+)?[`'"“]?([a-z0-9][\w./-]*?)[`'"”]?(\s+branch)?(?=[\s,.;:!?)]|$)/gi;

/** Branch fields of a record, by the role "into" or "on" gives them. */
function branchField(fields: readonly FieldLeaf[], into: boolean): FieldLeaf | undefined {
  const text = fields.filter((f) => f.schema.type === 'string' && f.depth <= 1);
  const named = (pattern: RegExp) => text.find((f) => pattern.test(f.path));
  return into
    ? (named(/^(?:target_branch|base\.ref|base_branch|targetBranch|baseRefName)$/) ??
        named(/^(?:ref|branch)$/))
    : (named(/^(?:ref|branch|head_branch|branch_name|headRefName)$/) ??
        named(/^(?:target_branch|base\.ref)$/));
}

export function branchFilters(text: string, fields: readonly FieldLeaf[]): FilterPlan[] {
  const found: FilterPlan[] = [];
  for (const m of text.matchAll(BRANCH_PHRASE)) {
    const [whole, preposition = '', branch = '', word] = m;
    // "on main" is a branch; "on Friday" is not: the word "branch", or a branch people name.
    if (!word && !/branch|ref/i.test(whole) && !USUAL_BRANCHES.test(branch.toLowerCase())) continue;
    const field = branchField(fields, /^(?:into|to|against)$/i.test(preposition));
    if (!field || found.some((f) => f.field === field.path)) continue;
    found.push({ field: field.path, op: 'eq', value: branch, phrase: whole.trim() });
  }
  return found;
}
