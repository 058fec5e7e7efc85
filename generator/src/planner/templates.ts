import type { TResource } from '@patchbay/schema';
import { conceptOf, leaves, normalise, TIME_FORMATS, type FieldLeaf } from './field-match.ts';
import { inMinorUnits } from './amount-units.ts';
import { DATE_PATTERN, definedField, placeholderField, placeholderFormat } from './placeholders.ts';
import { propertyLeaf } from './open-properties.ts';
import { wordPattern } from './word-patterns.ts';
import { recordMoment } from './plan-periods.ts';

// Templates a prompt writes for a text it wants ("Title each card "<number>: <title>"",
// `format: [<state>] <title> by <user login>`): the literal text is kept, and
// each placeholder becomes `{source.path}` for the record's field its words name. A placeholder
// with a fallback (`<owner login, or "unassigned" when empty>`) keeps it after a `|`. The
// compiled code fills the template per record (grounded-runtime.js, fillTemplate).

export interface PromptTemplate {
  /** The template as the prompt wrote it. */
  written: string;
  /** Literal text and `{path}` / `{path|fallback}` placeholders. */
  template: string;
  /** Placeholder words no field of the source answers to. */
  unmatched: string[];
  /** Where it starts in the prompt, and the words just before it (which field it is for). */
  index: number;
  lead: string;
  /** Sentences apart from the template that it took a fallback from ("if X is empty, use …"). */
  fallbackPhrases?: string[];
}

/** Placeholders: `<words>`, `{words}` and `{{words}}`. */
const PLACEHOLDER = /<([^<>]{1,80})>|\{\{([^{}]{1,80})\}\}|\{([^{}]{1,80})\}/g;

/** Words that say the text after them shows a shape: "like this:", "in the form", "formatted as". */
const SHAPE_CUE =
  /\b(?:like(?: this| so)?|looks? like|in the (?:form|format|shape)(?: of)?|(?:formatted|shaped|written) (?:as|like)|format(?:ted)?|pattern)\s*:?\s*$/i;
/**
 * A label a text's template follows: "Subject: …", "body is: …", "… like this: …", "… as: …",
 * with a qualifier between ("Notes, two lines: …", "Description (3 lines): …").
 */
const TEXT_LABEL =
  /\b(?:format(?:ted)?(?:\s+(?:as|like))?|like(?:\s+(?:this|so))?|as|in\s+this\s+(?:form|format)|template|text|subject|title|body|content|description|notes?|comment|summary|name|message|caption|details)((?:\s*,\s*[^:\n,.<>{}"“`]{1,30}|\s*\([^():\n<>{}]{1,30}\))?)(?:\s+(?:should be|is|looks like))?\s*:\s*/gi;
/** Where a line's next labelled part starts: ". Priority: …", ". Notes, two lines: …". */
const NEXT_PART =
  /[.!?;]\s+(?=[A-Z][\w -]{0,40}(?:\s*,\s*[^:\n,.]{1,30}|\s*\([^()\n]{1,30}\))?:\s)/;
/** A label's qualifier that asks for lines: "two lines", "one per line". */
const AS_LINES = /\blines?\b/i;
/** A line that heads the text ("a header line like this: …") shapes no record's line. */
const HEADER = /\b(?:header|heading|headings|title row|column names)\b[^.\n]*$/i;
const SHAPED_LINE =
  /\b(?:like this|like so|in this (?:form|format|shape)|(?:formatted|shaped|written) (?:as|like))\s*:\s*([^\n"“`]+?)(?=,?\s*\(?(?:for example|for instance|e\.g\.|say)\b|[.;!?](?:\s|$)|\n|$)/gi;

/**
 * A quoted text: in double, typographic or single quotes, or backticks. A single quote opens
 * and closes only beside a word's edge, so an apostrophe inside a word ("don't", "customer's")
 * is no quote.
 */
const QUOTED =
  /"([^"\n]{2,300})"|“([^”\n]{2,300})”|`([^`\n]{2,300})`|(?<![\w'’])'((?:[^'\n]|(?<=\w)'(?=\w)){2,300}?)'(?!\w)|(?<![\w'’])‘((?:[^‘’\n]|(?<=\w)’(?=\w)){2,300}?)’(?!\w)/g;

interface Candidate {
  text: string;
  index: number;
  /** The prompt's words, where they differ from the text. */
  written?: string;
  /** The words that say which field it is for, where they are not just before `index`. */
  lead?: string;
}

/**
 * The text of a labelled part up to where the next part starts: a label after a sentence's end
 * (". Priority: …"), or a sentence after the last placeholder ("… <title>. Skip drafts.").
 */
function labelledPart(rest: string): string {
  const next = NEXT_PART.exec(rest);
  const part = next ? rest.slice(0, next.index + 1) : rest;
  const placeholders = [...part.matchAll(PLACEHOLDER)];
  const last = placeholders.at(-1);
  if (!last) return part.trim();
  const after = last.index + last[0].length;
  const end = /[.!?](?=\s)/.exec(part.slice(after));
  return (end ? part.slice(0, after + end.index + 1) : part).trim();
}

/**
 * A quoted text holding a placeholder (or shaped with field words after a cue), or the rest of a
 * "format:" line.
 */
function candidates(prompt: string, resource: TResource): Candidate[] {
  const found: Candidate[] = [];
  for (const m of prompt.matchAll(QUOTED)) {
    const text = m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? '';
    if (hasPlaceholder(text)) {
      found.push({ text, index: m.index });
      continue;
    }
    const named =
      fieldNameTemplate(text, resource) ??
      (SHAPE_CUE.test(prompt.slice(Math.max(0, m.index - 40), m.index)) &&
      !HEADER.test(prompt.slice(Math.max(0, m.index - 60), m.index))
        ? wordPattern(withDefinitions(prompt, text, resource), resource)
        : undefined);
    if (named) found.push({ text: named, index: m.index, written: text });
  }
  // A line shaped with words after its cue, unquoted: "one row each, like this: Surname, Givenname
  // (Office)". It ends at its sentence's end or where an example starts.
  for (const m of prompt.matchAll(SHAPED_LINE)) {
    const written = (m[1] ?? '').trim();
    const index = m.index + m[0].indexOf(written);
    if (HEADER.test(prompt.slice(Math.max(0, index - 60), index))) continue;
    const shaped = wordPattern(written, resource);
    if (
      shaped &&
      !found.some((f) => f.index <= index && index < f.index + (f.written ?? f.text).length)
    )
      found.push({ text: shaped, index, written });
  }
  for (const m of prompt.matchAll(TEXT_LABEL)) {
    const start = m.index + m[0].length;
    if (found.some((f) => f.index <= start && start < f.index + (f.written ?? f.text).length))
      continue;
    // A label over a blank line heads a block, read below to its own blank line.
    if (/\n[ \t]*\n/.test(m[0])) continue;
    const rest = /^[^\n]*/.exec(prompt.slice(start))?.[0] ?? '';
    // A quoted template after its label is read as a quoted text above.
    if (/^[^<{]*["“`]/.test(rest)) continue;
    // A template on a line of its own is that line; one beside its label ends with its part.
    const line = /\n/.test(m[0]) ? rest.trim() : labelledPart(rest);
    if (!hasPlaceholder(line)) continue;
    // The line's full stop ends the prompt's sentence, unless the template is sentences of its
    // own ("Low on {name}. Order {qty}."), which end with theirs.
    const shown = /[.!?]\s+\S/.test(line) ? line : line.replace(/[.]$/, '');
    // "Notes, two lines: A / B": the slashes part the lines.
    const text = AS_LINES.test(m[1] ?? '') ? shown.split(/\s+\/\s+/).join('\n') : shown;
    // The label is the prompt's words for the template too; the words before the text say
    // which field it is for.
    found.push({
      text,
      index: m.index,
      written: `${m[0]}${shown}`,
      lead: prompt.slice(Math.max(0, start - 60), start),
    });
  }
  // Unquoted after any colon or "as" on its line, with no label word before: "per issue:
  // #<id> <title>", "post each as <key> – <summary>". It runs to where its part ends.
  // After "as" it starts with its first placeholder ("as soon as", "as follows: …" and "as a
  // reply: …" are prose); after a colon one lower-case word before it is a field's label
  // ("summary <title>"), given field by field.
  for (const m of prompt.matchAll(
    /(:)[ \t]+(?=[^\n"“`]*[<{])|(?<!\b(?:soon|well|long|far|such|same|much|many)\s)\bas[ \t]+(?=[^\p{L}\n"“`<{]{0,6}[<{])/gu,
  )) {
    const start = m.index + m[0].length;
    if (found.some((f) => f.index <= start && start < f.index + (f.written ?? f.text).length))
      continue;
    const line = labelledPart(/^[^\n]*/.exec(prompt.slice(start))?.[0] ?? '');
    const lead = /^[^<{]*/.exec(line)?.[0] ?? '';
    const fieldByField =
      /^[a-z][\w-]*\s+$/.test(lead) || /,\s*[a-z][\w ]{0,20}?\s*[:=]?\s*[<{]/i.test(line);
    if (!/^[^"“`]*$/.test(line) || lead.length > 20 || /:/.test(lead) || fieldByField) continue;
    if (!hasPlaceholder(line)) continue;
    const text = /[.!?]\s+\S/.test(line) ? line : line.replace(/[.]$/, '');
    found.push({ text, index: start, lead: prompt.slice(Math.max(0, m.index - 60), m.index) });
  }
  // A block under its label: "body:\n\nDear <name>,\n…" runs to its blank line.
  for (const m of prompt.matchAll(
    /\b(?:plain[- ]?text|text|body|message|content|e-?mail|template|wording)\s*:[ \t]*\n\s*((?:[^\n]*\S[^\n]*(?:\n|$))+)/gi,
  )) {
    const text = (m[1] ?? '').trim();
    const index = m.index + m[0].indexOf(m[1] ?? '');
    if (
      hasPlaceholder(text) &&
      !found.some((f) => f.index <= index && index < f.index + (f.written ?? f.text).length)
    )
      found.push({ text, index });
  }
  // A template on a line of its own under a line that ends with a colon ("one line per event,
  // oldest first:\n<key> | <who>"): the line is the template, the line above says what for.
  for (const m of prompt.matchAll(/:[ \t]*\n[ \t]*([^\n]*<[^<>\n]{1,80}>[^\n]*)/g)) {
    const text = (m[1] ?? '').trim();
    const index = m.index + m[0].indexOf(m[1] ?? '');
    if ([...text.matchAll(PLACEHOLDER)].length < 2) continue;
    if (found.some((f) => f.index <= index && index < f.index + (f.written ?? f.text).length))
      continue;
    const lineStart = prompt.lastIndexOf('\n', m.index) + 1;
    found.push({ text, index, lead: prompt.slice(lineStart, m.index + 1) });
  }
  return found.sort((a, b) => a.index - b.index);
}

/**
 * A quoted text made only of the records' own field names (`"given_name family_name"`,
 * `"city, country_code"`) is a template of their values: the names become placeholders. One
 * name at least must be written as a field name (an underscore, a dot or an inner capital), so a
 * quoted word stays a word.
 */
export function fieldNameTemplate(text: string, resource: TResource): string | undefined {
  const paths = new Set(
    leaves(resource.schema, 3)
      .filter((f) => f.schema.type !== 'object' && f.schema.type !== 'array')
      .map((f) => f.path),
  );
  const parts = text.split(/([A-Za-z_][\w.]*[\w])/);
  let names = 0;
  let technical = false;
  for (const [i, part] of parts.entries()) {
    if (i % 2 === 0) {
      if (!/^[\s,/|:()#–-]*$/.test(part)) return undefined;
      continue;
    }
    if (!paths.has(part)) return undefined;
    names += 1;
    if (/[_.]|[a-z][A-Z]/.test(part)) technical = true;
  }
  if (names === 0 || !technical) return undefined;
  return parts.map((part, i) => (i % 2 === 1 ? `<${part}>` : part)).join('');
}

/** "the date is YYYY-MM-DD", "dates as DD.MM.YYYY": the format a prompt states for its dates. */
function statedDateFormat(prompt: string): string | undefined {
  const stated = new RegExp(
    String.raw`\b(?:dates?|days?)\s+(?:is|are|as|in|like|(?:formatted|written)\s+as)\s+(?:the\s+)?(?:format\s+)?(${DATE_PATTERN.source})`,
    'i',
  ).exec(prompt);
  return stated?.[1];
}

/**
 * A line shaped with words, each part the prompt defines elsewhere written as its definition's
 * field ("plan", defined as the item price id, becomes `subscription_items.0.item_price_id`).
 */
function withDefinitions(prompt: string, text: string, resource: TResource): string {
  return text
    .split(/(\s+[|/–—]\s+|,\s+)/)
    .map((part, i) => {
      if (i % 2 === 1 || placeholderField(part, resource)) return part;
      return definedField(prompt, part, resource)?.path ?? part;
    })
    .join('');
}

function hasPlaceholder(text: string): boolean {
  return new RegExp(PLACEHOLDER.source).test(text);
}

/**
 * A message's contents given as a list ("post each one with its title, author, link and the
 * first 200 characters of the description"): the first item heads the message and each other
 * item gets a labelled line, a "first N characters of" item cut to N (`{path:N}`). Undefined
 * unless the list has two or more short items; items no field answers to are `unmatched`.
 */
export function listedMessage(prompt: string, resource: TResource): PromptTemplate | undefined {
  const intro = /\b(?:with|including|showing|containing|listing|giving)\s+(?:its|their|the)\s+/gi;
  const lists: PromptTemplate[] = [];
  // "… with its title, author and link", or the contents in brackets: "(title, author, link)".
  const starts = [
    ...[...prompt.matchAll(intro)].map((m) => ({ m, start: m.index + m[0].length, end: '' })),
    ...[...prompt.matchAll(/\((?=[^()\n]*,)/g)].map((m) => ({ m, start: m.index + 1, end: ')' })),
    // "… each parcel still in transit: tracking code, carrier and the buyer's city."
    ...[...prompt.matchAll(/:[ \t]+(?=[^:\n.]*,)/g)].map((m) => ({
      m,
      start: m.index + m[0].length,
      end: '',
    })),
  ];
  for (const { m, start, end } of starts) {
    // The list ends where the sentence (or the bracket) does, or where it goes on to say where
    // or when to post.
    const sentence = /^[^.;!?\n]+/.exec(prompt.slice(start))?.[0] ?? '';
    const rest = ((end ? sentence.split(end)[0] : sentence) ?? '').split(
      /\s+(?:to|into|in|on|at|for|every|each|when|whenever|if|once|as soon as)\s+/i,
    )[0] as string;
    const items = rest
      .replace(/,?\s+and\s+/g, ', ')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    if (items.length < 2 || items.some((item) => item.split(/\s+/).length > 8)) continue;
    const unmatched: string[] = [];
    const parts = items.map((item) => {
      const cut = /^(?:the\s+)?first\s+(\d+)\s+(?:characters|chars|letters)\s+of\s+(.+)$/i.exec(
        item,
      );
      const words = (cut?.[2] ?? item).replace(/^(?:a|an|the|its|their)\s+/i, '');
      const field = placeholderField(words, resource);
      if (!field) unmatched.push(words);
      return { words, placeholder: field ? `{${field.path}${cut ? `:${cut[1]}` : ''}}` : '' };
    });
    const [head, ...lines] = parts;
    const template = [
      head?.placeholder ?? '',
      ...lines.filter((p) => p.placeholder).map((p) => `${capitalise(p.words)}: ${p.placeholder}`),
    ].join('\n');
    // Mostly words that are not fields: a clause that happens to have commas, not a list.
    if (items.length - unmatched.length < Math.max(2, items.length / 2)) continue;
    lists.push({
      written: end ? rest.trim() : `${m[0]}${rest}`.trim(),
      template,
      unmatched,
      index: m.index,
      lead: prompt.slice(Math.max(0, m.index - 60), m.index),
    });
  }
  // "with the label 'bug' since …" reads as a list too: the one whose items are all fields wins.
  return lists.find((list) => list.unmatched.length === 0) ?? lists[0];
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const EMPTY = '(?:empty|null|missing|blank|unset|not set|none|absent|unknown|not there)';
/** "If supplier is empty, use "unknown supplier"" / "write "n/a" when the phone is missing". */
const FALLBACKS = [
  new RegExp(
    `\\b(?:if|when|where)\\s+(?:the\\s+|a\\s+|its\\s+|their\\s+)?([a-z_][\\w. ]{0,40}?)\\s+(?:is|are|was|comes back)\\s+${EMPTY}(?:\\s*(?:\\/|or)\\s*${EMPTY})*\\s*,?\\s*(?:then\\s+)?(?:use|write|put|show|say|print|display|fill in)\\s+(?:the\\s+(?:words?|text|value)\\s+)?["“']([^"”']{1,60})["”']`,
    'gi',
  ),
  new RegExp(
    `\\b(?:use|write|put|show|say|print|display|fill in)\\s+(?:the\\s+(?:words?|text|value)\\s+)?["“']([^"”']{1,60})["”']\\s+(?:if|when|where)\\s+(?:the\\s+|a\\s+|its\\s+|their\\s+)?([a-z_][\\w. ]{0,40}?)\\s+(?:is|are|was|comes back)\\s+${EMPTY}`,
    'gi',
  ),
];

/** Fallbacks the prompt says apart from its template, by the source field they are for. */
function statedFallbacks(
  prompt: string,
  resource: TResource,
): Map<string, { text: string; phrase: string }> {
  const found = new Map<string, { text: string; phrase: string }>();
  FALLBACKS.forEach((pattern, i) => {
    for (const m of prompt.matchAll(pattern)) {
      const [words, text] = i === 0 ? [m[1], m[2]] : [m[2], m[1]];
      const field = placeholderField(words ?? '', resource);
      if (field && text) found.set(field.path, { text: text.replace(/[{}|]/g, ''), phrase: m[0] });
    }
  });
  return found;
}

/** The templates a prompt writes, with their placeholders grounded in the source's records. */
export function readTemplates(prompt: string, resource: TResource): PromptTemplate[] {
  const fallbacks = statedFallbacks(prompt, resource);
  return candidates(prompt, resource).map(({ text, index, written, lead: said }) => {
    const unmatched: string[] = [];
    const used: string[] = [];
    const template = text.replace(
      PLACEHOLDER,
      (whole, angle?: string, double?: string, single?: string) => {
        const inside = (angle ?? double ?? single ?? '').trim();
        // `<owner login, or "unassigned" when empty>`: a fallback for an empty value.
        const fallback = /,?\s*\bor\s+["“']([^"”']*)["”']/.exec(inside);
        const qualified = inside.replace(/,?\s*\bor\s+["“'][^"”']*["”'].*$/, '').trim();
        const { words, format: asked } = placeholderFormat(qualified);
        let format = asked;
        // "{Stage}" on a Notion page: one of the database's own properties, as written.
        // "<DD.MM.YYYY HH:mm>": a date format alone is the record's own moment.
        const field =
          (!words && format && /Y|D|H/.test(format) ? recordMoment(resource) : undefined) ??
          placeholderField(words, resource) ??
          propertyLeaf(resource, words, words) ??
          definedField(prompt, words, resource);
        if (!field) {
          unmatched.push(words);
          return whole.replace(/[{}]/g, '');
        }
        // A moment takes the date format the prompt states for dates ("the date is
        // YYYY-MM-DD"); seconds since 1970 are never what a reader wants, so they get a date.
        if (!format && TIME_FORMATS.has(field.schema.format ?? ''))
          format =
            statedDateFormat(prompt) ??
            (field.schema.format === 'unix-time' ? 'YYYY-MM-DD HH:mm' : undefined);
        // An amount in cents is written in the currency's major unit ("4900" reads "49.00").
        if (inMinorUnits(field) && (!format || /^\ddp$/.test(format)))
          format = `major-${format ?? '2dp'}`;
        const stated = fallback ? undefined : fallbacks.get(field.path);
        if (stated) used.push(stated.phrase);
        const otherwise = fallback ? (fallback[1] ?? '').replace(/[{}|]/g, '') : stated?.text;
        return `{${field.path}${format ? `@${format}` : ''}${otherwise !== undefined ? `|${otherwise}` : ''}}`;
      },
    );
    const lead = said ?? prompt.slice(Math.max(0, index - 60), index);
    return {
      written: written ?? text,
      template: numberedExample(template, resource),
      unmatched,
      index,
      lead,
      fallbackPhrases: used,
    };
  });
}

/**
 * Which destination text field a template is for: a field the words just before it name
 * ("Name the task "…"", "subject: …"), else the record's title field.
 */
export function templateTarget(
  lead: string,
  targets: readonly FieldLeaf[],
  required: ReadonlySet<string>,
): FieldLeaf | undefined {
  const texts = targets.filter((t) => t.schema.type === 'string' && !t.schema.enum);
  const words = lead
    .toLowerCase()
    .split(/[^a-z0-9_]+/)
    .filter(Boolean)
    .slice(-5)
    .reverse();
  for (const word of words) {
    const named =
      texts.find((t) => normalise(t.path.split('.').at(-1) ?? '') === normalise(word)) ??
      (conceptOf(word) ? texts.find((t) => conceptOf(t.path) === conceptOf(word)) : undefined);
    if (named) return named;
  }
  return (
    texts.find((t) => conceptOf(t.path) === 'name' && required.has(t.path)) ??
    texts.find((t) => required.has(t.path)) ??
    texts.find((t) => conceptOf(t.path) === 'name')
  );
}

/**
 * The prompt with its templates and quoted examples blanked out (same length, so positions
 * hold): "Open today: <title>" or e.g. "Refund of 12.50 EUR" describe a text to write, and a
 * word or an amount inside them is never a condition on the records.
 */
export function withoutTemplates(prompt: string, resource: TResource): string {
  const spans: Array<[number, number]> = [];
  for (const t of readTemplates(prompt, resource)) {
    const at = prompt.indexOf(t.written, t.index);
    if (at >= 0) spans.push([at, at + t.written.length]);
  }
  for (const m of prompt.matchAll(
    /\b(?:e\.g\.?|for example|for instance|such as|like(?: this)?)[:,]?\s*(["“'`])[^"”'`\n]{1,200}["”'`]/gi,
  )) {
    const quote = m[0].indexOf(m[1] ?? '"');
    spans.push([m.index + quote, m.index + m[0].length]);
  }
  let out = prompt;
  for (const [start, end] of spans)
    out = out.slice(0, start) + ' '.repeat(end - start) + out.slice(end);
  return out;
}

/** The field a record's "#42" stands for: its number, else its per-project or plain id. */
const NUMBER_FIELDS = ['number', 'iid', 'key', 'id'];

/**
 * A template written as an example ("BUG#7 – <title>") holds a sample number after "#":
 * in a template with placeholders, that is the record's own number, not text to repeat.
 */
function numberedExample(template: string, resource: TResource): string {
  if (!/\{[^{}]+\}/.test(template)) return template;
  const fields = Object.keys(resource.schema.properties ?? {});
  const number = NUMBER_FIELDS.find((name) => fields.includes(name));
  return number ? template.replace(/#\d+\b/g, `#{${number}}`) : template;
}
