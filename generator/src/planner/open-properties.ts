import type { TFieldSchema, TResource } from '@patchbay/schema';
import { fieldNamed, type FieldLeaf } from './field-match.ts';
import { clauseBefore, escapeRegExp } from './text.ts';

// Records that keep their own named properties in one open object: a Notion page's
// `properties`, an Airtable record's `fields`, a HubSpot object's `properties`. Their names are
// the user's (a database's columns), so no description lists them; a name the prompt gives that
// no described field has is read as one of them, written as the prompt writes it
// (`properties.Close date`). The compiled code reads a Notion property's typed value as the
// plain value it holds (grounded-runtime.js, plainProperty).

/** The open object a record keeps its own properties in, if it has one. */
export function propertyBag(resource: TResource): string | undefined {
  const field = resource.container?.field;
  if (!field || resource.container?.kind === 'values-array') return undefined;
  const schema = resource.schema.properties?.[field];
  return schema?.type === 'object' && schema.additionalProperties !== false ? field : undefined;
}

/**
 * The path of a property named by `words`, as the prompt writes it: a name that starts with a
 * capital ("Stage", "Close date") or is quoted. Plain lower-case words are never a property
 * of a record with no field of that name: "status" might be anything.
 */
export function propertyPath(
  resource: TResource,
  words: string,
  prompt: string,
): string | undefined {
  const bag = propertyBag(resource);
  const name = words.trim();
  if (!bag || !name || name.length > 40 || /[.{}<>]/.test(name)) return undefined;
  const written = new RegExp(`(["“'‘]?)\\b(${escapeRegExp(name)})\\b(["”'’]?)`, 'i').exec(prompt);
  if (!written) return undefined;
  const [, open, asWritten = '', close] = written;
  const quoted = Boolean(open && close);
  // A code ("P1", "EU-2") is a value, not a column's name.
  const wordy = /^[A-Za-z][A-Za-z '&/-]*$/.test(asWritten) && /[a-z]/.test(asWritten);
  return wordy && (quoted || /^[A-Z]/.test(asWritten)) ? `${bag}.${asWritten}` : undefined;
}

/** The property `words` name, as a field of the records (its value typed as text). */
export function propertyLeaf(
  resource: TResource,
  words: string,
  prompt: string,
): FieldLeaf | undefined {
  const path = propertyPath(resource, words, prompt);
  return path ? { path, schema: { type: 'string' }, depth: 1 } : undefined;
}

/**
 * Whether `words` name where a value goes in the destination: one of its described fields, or
 * a column of its own properties ("Closed On" in an Airtable table). A code-like name ("P1")
 * is a value of a table, not a column.
 */
export function namesDestinationField(
  words: string,
  fields: readonly FieldLeaf[],
  destination: TResource,
  body?: TFieldSchema,
): boolean {
  if (fieldNamed(fields, words)) return true;
  // A merge tag ("FNAME") in a body that keeps the account's own fields (Mailchimp's), unless
  // it is one of a field's choices ("Active to SUBSCRIBED" is a table of values).
  const choices = fields.flatMap((f) => f.schema.enum?.map((v) => String(v).toLowerCase()) ?? []);
  if (
    customFieldsObject(body) &&
    /^[A-Z][A-Z_]{2,39}$/.test(words.trim()) &&
    !choices.includes(words.trim().toLowerCase())
  )
    return true;
  return propertyBag(destination) !== undefined && /^[A-Za-z][A-Za-z ]{0,39}$/.test(words.trim());
}

/**
 * The one open object of a write's body whose name says it holds the account's own fields
 * (`merge_fields`, `custom_fields`, `metadata`): where a field the schema does not list goes.
 */
export function customFieldsObject(schema: TFieldSchema | undefined): string | undefined {
  const open = Object.entries(schema?.properties ?? {}).filter(
    ([name, field]) =>
      field.type === 'object' &&
      field.additionalProperties !== false &&
      Object.keys(field.properties ?? {}).length === 0 &&
      /^(?:merge_?fields|custom_?fields|custom_?attributes|metadata)$/i.test(name),
  );
  return open.length === 1 ? open[0]?.[0] : undefined;
}

/** "set Triage to Pending", "set 'Source' to Web form": a column the write fills with a value. */
const SET_COLUMN =
  /\bset\s+(?:the\s+)?(?:["“']([^"”'\n]{1,40})["”']|([A-Z][A-Za-z]*(?: [A-Z][A-Za-z]*)?))\s+(?:column\s+|field\s+)?(?:to|=)\s+(?:["“']([^"”'\n]{1,60})["”']|([A-Za-z0-9][\w-]*(?: [A-Z][\w-]*)*))/g;

/**
 * Fixed values for the destination's own columns (an Airtable table's, a Notion database's),
 * which no description lists: a capitalised or quoted name, and a value that names no field of
 * the source records ("set Title to the page title" is a mapping, read elsewhere).
 */
export function columnValues(
  text: string,
  destination: TResource,
  sourceFields: readonly FieldLeaf[],
): Array<{ to: string; value: string; phrase: string }> {
  if (!propertyBag(destination)) return [];
  const set = [...text.matchAll(SET_COLUMN)].map((m) => ({
    to: (m[1] ?? m[2] ?? '').trim(),
    value: (m[3] ?? m[4] ?? '').trim(),
    quoted: m[3] !== undefined,
    phrase: m[0],
  }));
  // 'the "Source" column should be Stripe', outside a condition ("where the … is …").
  const named = [...text.matchAll(NAMED_COLUMN_VALUE)]
    .filter((m) => !CONDITION_BEFORE.test(clauseBefore(text, m.index, '.;!?,\n')))
    .map((m) => ({
      to: (m[1] ?? m[2] ?? '').trim(),
      value: (m[3] ?? m[4] ?? '').trim(),
      quoted: m[3] !== undefined,
      phrase: m[0],
    }));
  return [...set, ...named].flatMap(({ to, value, quoted, phrase }) => {
    // "set Name to the deal name" maps a field: a value is never an article or a pronoun.
    const pointer = !quoted && /^(?:the|a|an|its|their|his|her|each|every|this|that)$/i.test(value);
    if (!to || !value || pointer || fieldNamed(sourceFields, value)) return [];
    return [{ to, value, phrase }];
  });
}

/** 'the "Source" column should be "Web"', 'column "Stage" is always New': a quoted column's value. */
const NAMED_COLUMN_VALUE =
  /\b(?:the\s+)?(?:["“]([^"”\n]{1,40})["”]\s+(?:column|property|field)|(?:column|property|field)\s+["“]([^"”\n]{1,40})["”])\s+(?:is|should be|will be|=|set to|gets)\s+(?:always\s+)?(?:["“]([^"”\n]{1,60})["”]|(\p{Lu}[\p{L}\p{N}&'-]*(?: \p{Lu}[\p{L}\p{N}&'-]*)*))/gu;
const CONDITION_BEFORE = /\b(?:where|whose|if|when|unless|only|except|skip\w*|ignor\w*)\b/i;
