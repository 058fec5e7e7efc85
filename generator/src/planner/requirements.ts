import { refusedRecordsSkipped } from './refused-records.ts';
import { allowLists } from './allowed-values.ts';
import { emptyDigestText } from './empty-digest.ts';
import { escapeRegExp } from './text.ts';
import type { TRequirement, TRequirementKind } from '@patchbay/schema';
import { describeFilter } from './describe-filter.ts';
import { describeSpan } from './plan-cursor-dedupe.ts';
import { statedMappings } from './stated-mappings.ts';
import type { GroundedPlan } from './plan-types.ts';
import { sortOrder } from './plan-order.ts';
import { listedMessage, readTemplates } from './templates.ts';
import { unaccountedClauses, wordsOf } from '../reader/prompt-clauses.ts';
import { describeSchedule, readSchedule } from '../reader/read-schedule.ts';

// The requirement checklist the console shows beside the code: what the prompt asked for, one
// line each, marked done (with the lines of the code that do it), assumed (with the
// assumption) or missing (with what is needed). It is derived from the plan the code was
// compiled from, so the list and the code cannot disagree, and its counts are the headline's.

const CONTAINER_NOUNS =
  'repository repo project workspace board list channel base table sheet tab folder account organization org team space group mailbox inbox calendar database environment env site location form';
// "since the previous sync", "since we last checked": what any cursor accounts for.
const SINCE_WORDS = 'since last previous prior preceding run runs ran sync synced check checked';
const NEW_WORDS = `new created opened added arrived appear appears show shows whenever ${SINCE_WORDS}`;
const CHANGED_WORDS = `changed updated modified edited new created ${SINCE_WORDS}`;

/** How an unaccounted clause is listed: the user's own words, quoted. */
const UNACCOUNTED = /^"(.*)": no part of the code does this$/s;

const WHAT_TO_DO =
  'Say it plainly in the prompt and generate again, or write it in the code where a TODO marks the place.';

/** The 1-based lines where a line of the code starts with `start`. */
function linesStarting(code: string, start: string): number[] {
  const found: number[] = [];
  code.split('\n').forEach((line, i) => {
    if (line.startsWith(start)) found.push(i + 1);
  });
  return found;
}

/** What an unresolved item is about, from the words the planner uses for each kind. */
function kindOf(item: string): TRequirementKind {
  if (/^filter\b|compare|no (amount|creation|due|consent|tags)|have no .*(flag|status)/i.test(item))
    return 'filter';
  if (/column|field|property|not a field/i.test(item)) return 'field';
  if (/to post to|to read .* from|look(ed)? up|needs \{/i.test(item)) return 'lookup';
  if (/header|write|create|destination/i.test(item)) return 'write';
  return 'other';
}

export function missing(items: readonly string[]): TRequirement[] {
  return items.map((text) => ({
    kind: UNACCOUNTED.test(text) ? clauseKind(text.replace(UNACCOUNTED, '$1')) : kindOf(text),
    text,
    status: 'missing',
    detail: WHAT_TO_DO,
    lines: [],
  }));
}

export function assumed(items: readonly string[]): TRequirement[] {
  return items.map((text) => ({ kind: 'other', text, status: 'assumed', detail: text, lines: [] }));
}

/** What a clause the plan did not account for most likely asks for. */
function clauseKind(clause: string): TRequirementKind {
  if (
    /\b(already|duplicates?|twice|instead of creat|upsert|if it['’]?s there|exists?)\b/i.test(
      clause,
    )
  )
    return 'dedupe';
  if (/\b(only|except|unless|exclud\w*|skip|leave out|not|never|without)\b/i.test(clause))
    return 'filter';
  if (/\b(like|e\.g\.|format\w*|template|subject|line|message|characters)\b|["“]/i.test(clause))
    return 'format';
  if (/\b(column|field|property|properties|map|set)\b/i.test(clause)) return 'field';
  return 'other';
}

/** The phrases the plan was read from, and every word it used, for the clause check. */
function planVocabulary(
  plan: GroundedPlan,
  prompt: string,
  names: { source: string; destination: string },
): { phrases: string[]; words: Set<string> } {
  const phrases = [
    ...plan.filters.map((f) => f.phrase),
    plan.cursor?.phrase ?? '',
    plan.cursor?.firstRun?.phrase ?? '',
    plan.sort?.phrase ?? '',
    plan.dedupe?.phrase ?? '',
    readSchedule(prompt)?.phrase ?? '',
    plan.destination?.onRefused ? (refusedRecordsSkipped(prompt) ?? '') : '',
    plan.destination?.message?.whenEmpty
      ? plan.source
        ? (emptyDigestText(prompt, plan.source.resource)?.phrase ?? '')
        : ''
      : '',
    // The templates the plan writes with: their text is the prompt's own.
    ...(plan.source
      ? readTemplates(prompt, plan.source.resource).flatMap((t) => [
          t.written,
          ...(t.fallbackPhrases ?? []),
        ])
      : []),
    // "accepts only A, B and C; the rest become D", when a rule took it.
    ...((plan.destination?.rules ?? []).some((r) => r.otherwise !== undefined)
      ? allowLists(prompt).map((list) => list.phrase)
      : []),
    // A message whose contents the prompt listed, when the plan writes that list.
    ...(plan.source && plan.destination?.message?.template
      ? [listedMessage(prompt, plan.source.resource)]
          .filter((t) => t?.template === plan.destination?.message?.template)
          .map((t) => t?.written ?? '')
      : []),
    // The mappings the plan took from the prompt's own words.
    ...(plan.source
      ? statedMappings(
          prompt,
          plan.source.resource,
          names.source,
          (plan.destination?.rules ?? []).map((r) => r.to),
        )
          .filter((m) => plan.destination?.rules.some((r) => r.to === m.to && r.from === m.from))
          .map((m) => m.phrase)
      : []),
  ];
  // A value the prompt quoted after the field's name ("subject line "Weekly""), as written.
  const values = [
    ...Object.entries(plan.destination?.message?.fixed ?? {}),
    ...(plan.destination?.rules ?? []).flatMap((r): Array<[string, string]> =>
      r.value ? [[r.to, r.value]] : [],
    ),
  ];
  for (const [field, value] of values) {
    const name = escapeRegExp(field.split('.').at(-1) ?? field);
    const quoted = new RegExp(`\\b${name}\\b[^"“\\n]{0,20}["“]${escapeRegExp(value)}["”]`, 'i');
    phrases.push(quoted.exec(prompt)?.[0] ?? '');
  }
  const texts: string[] = [names.source, names.destination];
  for (const side of [plan.source, plan.destination]) {
    if (!side) continue;
    const r = side.resource;
    texts.push(r.name, r.plural, ...r.aliases);
    for (const [name, value] of Object.entries(side.pathParams)) texts.push(name, value);
    // Header values the prompt gave ("organisation id 9f2a…" for a tenant header), with their words.
    for (const [name, value] of Object.entries(side.headers))
      texts.push(...name.split(/[^A-Za-z0-9]+/), value);
  }
  for (const rule of plan.destination?.rules ?? []) {
    texts.push(rule.to, rule.from ?? '', ...(rule.parts ?? []), rule.value ?? '');
    // A value table's rows, and the words that say a value is translated.
    if (rule.values)
      texts.push(
        'translated mapped map becomes from empty blank picks decides sets chooses goes own rest else everything anything other others',
        ...rule.values.flatMap((row) => [row.from, row.to]),
      );
    // What a column takes and what the rest becomes, in whichever clause the prompt says it.
    if (rule.otherwise !== undefined)
      texts.push(
        rule.otherwise,
        'only accepts knows has takes allows supports other value values rest become becomes else anything everything',
      );
    // A fixed value's label as the prompt wrote it: "issue type: Story".
    if (rule.value && rule.reason === 'the prompt') {
      const label = new RegExp(
        `([A-Za-z]+(?:\\s+[A-Za-z]+)?)\\s*[:=]?\\s*["'\`“]?${escapeRegExp(rule.value)}\\b`,
      ).exec(prompt);
      if (label?.[1]) texts.push(label[1]);
    }
  }
  texts.push(...(plan.destination?.columns ?? []));
  // A list of fields the plan maps is what "Mapping: a → A" and "fill in these columns" ask for.
  if ((plan.destination?.rules ?? []).some((r) => r.from && /prompt|column/.test(r.reason ?? '')))
    texts.push(
      'map maps mapping mappings mapped field fields column columns property properties fill',
    );
  const message = plan.destination?.message;
  if (message?.channel) texts.push('channel', message.channel);
  // The fields a message's own template names ("number and subject") are what it says.
  if (message?.template) texts.push(message.template);
  // A line shaped with field words ("Givenname Surname (Office)") names them as the prompt wrote them.
  if (plan.source) texts.push(...readTemplates(prompt, plan.source.resource).map((t) => t.written));
  // One message for the run is what "a roundup listing them" asks for, a line for each record.
  if (message?.summary)
    texts.push(
      'summary digest roundup round recap rundown list listing report overview single line lines row rows own',
    );
  for (const [name, value] of Object.entries(message?.fixed ?? {})) texts.push(name, value);
  // A message write is what "tell the channel", "notify", "ping", "email them" ask for, and
  // the words that name the message: its kind, or what a send verb sends ("mail a short
  // thank-you to").
  if (message) {
    texts.push(
      'message messages msg channel tell notify alert ping announce mail email emails text sms send',
      'reminder reminders nudge nudges notice notices notification notifications note notes heads-up greeting greetings announcement invitation invitations follow-up confirmation',
    );
    for (const m of prompt.matchAll(
      /\b(?:send|sends|mail|mails|e-?mail|e-?mails|text|texts|post|posts|message)\s+(?:them\s+|him\s+|her\s+)?(?:a|an|one|the)\s+((?:[\w-]+\s+){0,3}?)(?=to\b|for\b|from\b|through\b|via\b)/gi,
    ))
      texts.push(m[1] ?? '');
  }
  for (const [name, value] of Object.entries(plan.source?.query ?? {}))
    texts.push(name, String(value));
  if (plan.destination?.kind === 'batch') texts.push('bulk batch batches once together');
  // A write that creates or updates by itself does what "update it if it exists" asks.
  if (/upsert/.test(plan.destination?.operation.kind ?? ''))
    texts.push('update updates upsert existing exists already instead creating duplicate');
  if (plan.destination?.message?.template || plan.destination?.rules.some((r) => r.template))
    texts.push('format formatted template like this text reads looks');
  // A filter that leaves records out is what "skip them", "ignore those" ask for.
  // An `in` filter too: "skip the rest" after a value table keeps only the values it lists.
  if (plan.filters.some((f) => ['ne', 'in', 'not-in', 'lacks', 'falsy', 'truthy'].includes(f.op)))
    texts.push('skip skipping ignore ignoring leave leaving out drop exclude omit useless');
  for (const filter of plan.filters) {
    texts.push(filter.field, filter.phrase);
    for (const v of [filter.value].flat()) if (typeof v === 'string') texts.push(v);
  }
  for (const lookup of plan.lookups)
    texts.push(lookup.resource, lookup.name ?? '', lookup.nameField);
  // A filled path parameter accounts for the container the prompt named it by.
  const filled = [plan.source, plan.destination].some(
    (side) => side && Object.values(side.pathParams).some(Boolean),
  );
  if (filled || plan.lookups.length > 0) texts.push(CONTAINER_NOUNS);
  if (plan.cursor) texts.push(plan.cursor.kind === 'new' ? NEW_WORDS : CHANGED_WORDS);
  return { phrases, words: new Set(texts.flatMap(wordsOf)) };
}

/** The checklist of a grounded program: every part of the plan, then its assumptions and gaps. */
export function groundedRequirements(
  plan: GroundedPlan,
  code: string,
  names: { source: string; destination: string },
): TRequirement[] {
  const list: TRequirement[] = [];
  const done = (kind: TRequirementKind, text: string, detail: string, anchor: string) =>
    list.push({ kind, text, status: 'done', detail, lines: linesStarting(code, anchor) });

  const read = plan.source;
  if (read) {
    done(
      'read',
      `Read ${read.resource.plural} from ${names.source}`,
      `${read.operation.method} ${read.operation.path}, ${read.pagination.style === 'none' ? 'one page' : `${read.pagination.style} pagination`}`,
      'async function listPage',
    );
  }
  for (const filter of plan.filters) {
    done(
      'filter',
      `"${filter.phrase}"`,
      `only records whose ${describeFilter(filter)}`,
      'const FILTERS',
    );
  }
  for (const lookup of plan.lookups) {
    done(
      'lookup',
      `${lookup.resource}${lookup.name ? ` "${lookup.name}"` : ''}`,
      `looked up by its ${lookup.nameField} in the ${lookup.side} before anything is ${lookup.side === 'source' ? 'read' : 'written'}`,
      'const LOOKUPS',
    );
  }
  const write = plan.destination;
  if (write) {
    const how =
      write.kind === 'message'
        ? write.message?.summary
          ? 'one message listing the records'
          : 'one message per record'
        : write.kind === 'batch'
          ? `in batches of ${write.batch?.maxItems ?? '?'}`
          : 'one request per record';
    done(
      'write',
      `Write ${write.resource.plural} in ${names.destination}`,
      `${write.operation.method} ${write.operation.path}, ${how}`,
      'async function writeBody',
    );
    for (const rule of write.rules) {
      const from =
        rule.value !== undefined
          ? JSON.stringify(rule.value)
          : rule.template !== undefined
            ? `"${rule.template}"`
            : rule.how === 'join-name'
              ? (rule.parts ?? []).join(' + ')
              : rule.how
                ? `${rule.how.replace('-', ' ')} of ${rule.from}`
                : (rule.from ?? '?');
      done('field', `${rule.to} ← ${from}`, rule.reason, 'const FIELDS');
    }
    if (write.message?.template) {
      done(
        'format',
        `Each message reads "${write.message.template}"`,
        'the prompt’s template, each {field} filled from the record',
        'const WRITE',
      );
    }
    for (const column of write.columns ?? []) {
      if (!write.rules.some((rule) => rule.from === column)) {
        done('field', `column ← ${column}`, 'one column per field, in this order', 'const WRITE');
      }
    }
  }
  if (plan.sort) {
    done('filter', `"${plan.sort.phrase}"`, `written ${sortOrder(plan.sort)}`, 'const SORT');
  }
  if (plan.dedupe) {
    done(
      'dedupe',
      `"${plan.dedupe.phrase}"`,
      `skips records whose ${plan.dedupe.sourceField} ${names.destination} holds as ${plan.dedupe.destinationField}`,
      'const DEDUPE',
    );
  }
  if (plan.cursor) {
    done(
      'incremental',
      `"${plan.cursor.phrase}"`,
      `only records with a ${plan.cursor.field} after the one saved by the last successful run`,
      'const CURSOR',
    );
    const firstRun = plan.cursor.firstRun;
    if (firstRun && firstRun.phrase !== plan.cursor.phrase) {
      done(
        'incremental',
        `"${firstRun.phrase}"`,
        firstRun.lookbackMs === undefined
          ? 'the first run takes every record'
          : firstRun.lookbackMs === 0
            ? 'the first run starts from its own time and sends nothing older'
            : `the first run takes records from ${describeSpan(firstRun.lookbackMs)} before its own time`,
        'function firstRunStart',
      );
    }
  } else if (plan.remember) {
    list.push({
      kind: 'incremental',
      text: 'Records are not sent twice',
      status: 'assumed',
      detail: 'the ids of records sent are kept in saved state, and later runs skip them',
      lines: linesStarting(code, 'const REMEMBER'),
    });
  }
  if (plan.schedule) {
    list.push({
      kind: 'schedule',
      text: `Runs ${describeSchedule(plan.schedule)}`,
      status: 'done',
      detail: 'set as the integration’s schedule when it is saved',
      lines: [],
    });
  }
  list.push(...assumed(plan.assumptions), ...missing(plan.unresolved));
  return list;
}

/**
 * The prompt's clauses that ask for something no part of the plan does, each as the unresolved
 * item the code's header marks TODO and the checklist lists as missing.
 */
export function unaccountedRequests(
  plan: GroundedPlan,
  prompt: string,
  names: { source: string; destination: string },
): string[] {
  const { phrases, words } = planVocabulary(plan, prompt, names);
  return unaccountedClauses(prompt, phrases, words).map(
    (clause) => `"${clause}": no part of the code does this`,
  );
}
