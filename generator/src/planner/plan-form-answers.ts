import type { TResource } from '@patchbay/schema';
import { conceptOf, type FieldLeaf, type FieldRule } from './field-match.ts';

// A form's answers, kept as an object whose keys are the form's own labels (Webflow's
// `formResponse`, Airtable's `fields`): the description cannot list them, so a destination field
// with no source field of its own takes the answer labelled like it. The code matches labels
// without regard to case or spacing, and splits a "Name" answer for a first or last name.

/** The one top-level object of undescribed keys that holds a record's answers or values. */
export function answersObject(resource: TResource): string | undefined {
  const open = Object.entries(resource.schema.properties ?? {}).filter(
    ([name, schema]) =>
      schema.type === 'object' &&
      Object.keys(schema.properties ?? {}).length === 0 &&
      // Not `metadata`: tags a system keeps, not what a person answered.
      /^(?:fields|form_?data|submission_?data)$|(?:^|_|[a-z])(?:[Rr]esponses?|[Aa]nswers?)$/.test(
        name,
      ),
  );
  return open.length === 1 ? open[0]?.[0] : undefined;
}

/** Who a record is: the fields a contact or a lead is known by. */
const PERSON_FIELDS = new Set(['email', 'phone', 'company', 'firstname', 'lastname', 'name']);

/** "LastName", "last_name" → "Last Name": the label a form would give the field. */
function labelOf(path: string): string {
  return path
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * Rules for the targets no source field filled, from the answers labelled like them. A first or
 * last name split from the record's own name is replaced too: a submission's `displayName` is
 * the form's, not the person's.
 */
export function formAnswerRules(
  targets: readonly FieldLeaf[],
  rules: FieldRule[],
  resource: TResource,
  required: ReadonlySet<string>,
): FieldRule[] {
  const answers = answersObject(resource);
  if (!answers) return [];
  // A submission's own name is the form's: a person's name is among the answers.
  const submission = /submission|response|entry|answer/i.test(resource.name);
  const splitFromRecord = (rule: FieldRule) =>
    submission &&
    (rule.how === 'first-name' || rule.how === 'last-name') &&
    !rule.from?.includes('.');
  const open = targets.filter(
    (target) =>
      target.depth === 0 &&
      ['string', 'number', 'integer'].includes(target.schema.type ?? '') &&
      // A field of fixed choices (a member's `status`) takes none of a form's own wording.
      !target.schema.enum &&
      !rules.some((rule) => rule.to === target.path && !splitFromRecord(rule)) &&
      (required.has(target.path) || PERSON_FIELDS.has(conceptOf(target.path) ?? '')),
  );
  for (const target of open) {
    const at = rules.findIndex((rule) => rule.to === target.path);
    if (at >= 0) rules.splice(at, 1);
  }
  return open.map((target) => ({
    to: target.path,
    from: `${answers}.${labelOf(target.path)}`,
    how: 'form-field' as const,
    type: target.schema.type,
    format: target.schema.format,
    reason: `the answer labelled "${labelOf(target.path)}"`,
  }));
}
