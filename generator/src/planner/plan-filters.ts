import { propertyLeaf } from './open-properties.ts';
import { branchFilters } from './plan-branch.ts';
import { hierarchyFilters } from './plan-hierarchy.ts';
import { mixedRecordFilter } from './plan-mixed.ts';
import { fieldComparisons } from './plan-field-comparisons.ts';
import { planPeriods } from './plan-periods.ts';
import { assignmentFilters } from './plan-assignment.ts';
import type { TFieldSchema } from '@patchbay/schema';
import { conceptOf, type FieldLeaf, leaves, normalise } from './field-match.ts';
import { CREATION_EVENTS, eventTimeField, stateMatch } from './state-words.ts';
import { amountField, currencyFilter, inMinorUnits } from './amount-units.ts';
import type { readPrompt } from '../reader/read-prompt.ts';
import { NUMBER as COUNT, toNumber } from '../reader/read-schedule.ts';
import { recordAges, unitMs } from './record-ages.ts';
import { recordMoment } from './plan-periods.ts';
import {
  droppedBySentence,
  droppedRightAfter,
  droppedRightBefore,
  SET_APART,
  setApartButAdded,
  planPresenceFilters,
  DROPPED_AFTER,
} from './plan-presence.ts';
import { codeChoiceFilters, namedChoiceFilters, widens } from './plan-named-choices.ts';
import { writtenComparisons } from './written-comparisons.ts';
import { describeFilter } from './describe-filter.ts';
import type { FilterPlan, GroundedPlan, ReadPlan } from './plan-types.ts';
import { escapeRegExp } from './text.ts';
import { resourceNames } from './resource-words.ts';

// The filters a prompt asks for ("only open issues", "amount over 100", "drop leads
// with no phone"), each grounded in a field of the source records, and the words that
// describe a filter back to the user.

// ── Filters ─────────────────────────────────────────────────────────────────────────────────

const COMPARATORS: Array<[RegExp, FilterPlan['op']]> = [
  [/^(over|above|more than|greater than|bigger than|exceeds?|exceeding|>)$/, 'gt'],
  [/^(at least|>=|no less than)$/, 'gte'],
  [/^(under|below|less than|smaller than|<)$/, 'lt'],
  [/^(at most|<=|no more than)$/, 'lte'],
];

/** An exclusion whose object is a relative clause: "leave out anything that is", "skip those which are". */
const EXCLUDING_WHAT =
  /\b(?:leave out|leaving out|exclude|excluding|skip|skipping|drop|dropping|ignore|ignoring|omit|omitting|filter out|remove|don['’]?t (?:want|include|send|copy|post|sync))\b[^.;:!?]*\b(?:that|which|who|if (?:it|they))\s*(?:is|are|was|were)?\s*$/;

/**
 * "status open or pending", "labelled bug, regression or crash": a filter's value followed by
 * more of the same field's values becomes a list. For a field with choices only its choices
 * extend the list; for free values (labels) words do, up to a word that ends the phrase.
 */
export function extendListedValues(lower: string, plan: GroundedPlan): void {
  const fields = leaves((plan.source as ReadPlan).resource.schema, 1);
  for (const filter of plan.filters) {
    if (!['eq', 'ne', 'contains', 'lacks'].includes(filter.op) || typeof filter.value !== 'string')
      continue;
    const value = filter.value.toLowerCase();
    const at = lower.indexOf(filter.phrase.toLowerCase());
    if (at === -1) continue;
    const end = lower.indexOf(value, at);
    if (end === -1) continue;
    const choices = fields
      .find((l) => l.path === filter.field)
      ?.schema.enum?.map((v) => String(v).toLowerCase());
    const rest = lower.slice(end + value.length);
    const found: Array<{ word: string; end: number; joined: boolean }> = [];
    const next =
      /^\s*(?:,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+|\s*\/\s*)["'`#]?([a-z0-9][\w-]*)["'`]?/;
    let offset = 0;
    for (let m = next.exec(rest); m; m = next.exec(rest.slice(offset))) {
      const word = m[1] ?? '';
      const fits = choices ? choices.includes(word) : !LIST_ENDS.has(word);
      if (!fits) break;
      offset += m[0].length;
      found.push({ word, end: offset, joined: /\b(?:or|and)\b|\//.test(m[0]) });
    }
    // A list of free words ends with its "or"/"and": "tagged urgent, excluding…" is no list.
    const last = choices ? found.length - 1 : found.findLastIndex((f) => f.joined);
    const more = found.slice(0, last + 1).map((f) => f.word);
    offset = last >= 0 ? (found[last]?.end ?? 0) : 0;
    // "draft, void or paid invoices never go": a field's choices listed before the value.
    const before: string[] = [];
    let head = lower.slice(0, end);
    for (let m = PREVIOUS.exec(head); choices && m; m = PREVIOUS.exec(head)) {
      const word = m[1] ?? '';
      if (!choices.includes(word) || word === value) break;
      before.unshift(word);
      head = head.slice(0, m.index);
    }
    if (more.length === 0 && before.length === 0) continue;
    // The plan's line for the filter says what the code compares with: the whole list.
    const plural = (plan.source as ReadPlan).resource.plural;
    const line = plan.understood.indexOf(filterLine(plural, filter));
    // Each listed word as the field documents it ("voided" is Xero's VOIDED).
    const enumValues = fields.find((l) => l.path === filter.field)?.schema.enum ?? [];
    const spelled = (word: string) =>
      String(enumValues.find((v) => String(v).toLowerCase() === word) ?? word);
    const values = [...before.map(spelled), filter.value, ...more.map(spelled)];
    filter.value = values;
    if (filter.op === 'eq') filter.op = 'in';
    else if (filter.op === 'ne') filter.op = 'not-in';
    filter.phrase = `${filter.phrase}${rest.slice(0, offset)}`;
    if (line !== -1) plan.understood[line] = filterLine(plural, filter);
  }
  // "either high priority or urgent" with the rest of its list unread is no condition on one
  // value: asked about, rather than keeping the first.
  const plural = (plan.source as ReadPlan).resource.plural;
  for (const filter of plan.filters.filter(
    (f) => /\beither\s+\S+$/.test(f.phrase) && (f.op === 'eq' || f.op === 'ne'),
  )) {
    plan.filters.splice(plan.filters.indexOf(filter), 1);
    plan.understood = plan.understood.filter((l) => l !== filterLine(plural, filter));
    const at = lower.indexOf(filter.phrase.toLowerCase());
    const said = at >= 0 ? (/^[^.;:!?\n]*/.exec(lower.slice(at))?.[0] ?? '') : filter.phrase;
    plan.unresolved.push(
      `"${said.trim()}": only "${String(filter.value)}" of the list was understood`,
    );
    plan.blocking.push(`"${said.trim()}" (write each value as ${filter.field} has it)`);
  }
}

/** The plan's line for a filter on the records read. */
function filterLine(plural: string, filter: FilterPlan): string {
  return `Only ${plural} where ${describeFilter(filter)} ("${filter.phrase}").`;
}

/** The list item just before a value: "pending, " or "closed and ". */
const PREVIOUS =
  /["'`]?([a-z0-9][\w-]*)["'`]?\s*(?:,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+|\s*\/\s*)$/;

/** Words that end a list of free values: "labelled bug or crash to Slack", "… and post them". */
const LIST_ENDS = new Set(
  'to into in on from for with by the a an as and or but that which who whose since every each then post send copy add create them it their our your is are was were be not excluding except without skip only where'.split(
    ' ',
  ),
);

/** Small numbers people write as words in a comparison ("above zero", "more than ten"). */
const NUMBER_WORDS: Record<string, number> = Object.fromEntries(
  'zero one two three four five six seven eight nine ten eleven twelve'
    .split(' ')
    .map((word, n) => [word, n]),
);

export function planFilters(
  prose: string,
  reading: ReturnType<typeof readPrompt>,
  plan: GroundedPlan,
) {
  const read = plan.source as ReadPlan;
  // `region = "emea"`: a comparison on a field by its own name, read before the prose around it.
  const write = plan.destination;
  const written = writtenComparisons(
    prose,
    read.resource,
    write && {
      fields: new Map(
        leaves(write.operation.body?.schema, 3).flatMap((l) =>
          [l.path, l.path.split('.').at(-1) ?? ''].map((name) => [normalise(name), l.schema.enum]),
        ),
      ),
      nouns: [...resourceNames(write.resource), ...(plan.destinationName?.split(/\s+/) ?? [])],
    },
  );
  const text = written.rest;
  const lower = text.toLowerCase();
  const fields = leaves(read.resource.schema, 1);
  const findField = (name: string) =>
    fields.find((l) => normalise(l.path) === normalise(name)) ??
    fields.find((l) => conceptOf(l.path) !== undefined && conceptOf(l.path) === conceptOf(name)) ??
    fields.find((l) => normalise(l.path).includes(normalise(name)) && normalise(name).length >= 4);
  const add = (filter: FilterPlan) => {
    // Two readers of the same words ("where state = "closed"") give one condition.
    const same = (f: FilterPlan) =>
      f.field === filter.field &&
      f.op === filter.op &&
      JSON.stringify(f.value) === JSON.stringify(filter.value);
    if (plan.filters.some(same)) return;
    plan.filters.push(filter);
    plan.understood.push(filterLine(read.resource.plural, filter));
  };

  for (const filter of written.filters) add(filter);

  // "shipped between 4 and 9 March", "opened during May 2024": a calendar period.
  const periods = planPeriods(text, read.resource);
  for (const filter of periods.filters) add(filter);
  plan.assumptions.push(...periods.assumptions);
  for (const phrase of [...periods.ungrounded.map((p) => p.phrase), ...periods.ungroundedMoving]) {
    plan.unresolved.push(`"${phrase}": ${read.resource.plural} have no time field to compare`);
    plan.blocking.push(`"${phrase}" (no time field in ${read.resource.plural})`);
  }
  // Numbers inside a period are days, not amounts ("between 1 and 31 May").
  const inPeriod = (phrase: string) =>
    periods.phrases.some((p) => p.toLowerCase().includes(phrase.trim().toLowerCase()));

  // "where the amount is over 100", "with a total above 50", "that still has a balance above
  // zero": a number written in digits or as a small number's word.
  for (const m of lower.matchAll(
    new RegExp(
      String.raw`\b(?:where|with|whose|if|when|has|have|having)\s+(?:the\s+|its\s+|their\s+|an?\s+)?([a-z_][\w ]{0,30}?)\s+(?:is\s+|are\s+)?(over|above|more than|greater than|bigger than|exceeds?|exceeding|at least|under|below|less than|smaller than|at most|no more than|no less than|>=|<=|>|<)\s+\$?(-?\d+(?:\.\d+)?|${Object.keys(NUMBER_WORDS).join('|')})\b`,
      'g',
    ),
  )) {
    const field = findField((m[1] ?? '').trim().replace(/\s+/g, '_'));
    const op = COMPARATORS.find(([pattern]) => pattern.test(m[2] ?? ''))?.[1];
    if (!field || !op) {
      plan.unresolved.push(`filter "${m[0]}": ${read.resource.plural} have no field "${m[1]}"`);
      plan.blocking.push(`filter "${m[0]}" (no field "${m[1]}" in ${read.resource.plural})`);
      continue;
    }
    const number = NUMBER_WORDS[m[3] ?? ''] ?? Number(m[3]);
    add({ field: field.path, op, value: majorToField(number, field, plan), phrase: m[0] });
  }

  // "charges in EUR only": the records' currency (compared without regard to case).
  const currency = currencyFilter(text, fields);
  if (currency) add({ ...currency, op: 'eq' });

  // "Region EU-2 only", "only currency CHF": a field and a code-like value it must have.
  for (const m of text.matchAll(
    /\b(?:[Oo]nly\s+(?:in\s+|for\s+|from\s+)?(?:the\s+)?)?([A-Za-z][\w]*)\s*:?\s+["'`]?([A-Z0-9][\w./-]*[A-Z0-9])["'`]?(\s+only)?\b/g,
  )) {
    if (!/^only\b/i.test(m[0]) && !m[3]) continue;
    const value = m[2] ?? '';
    if (!/\d|^[A-Z]{2,}$|-/.test(value)) continue;
    const field = findField(m[1] ?? '');
    if (
      !field ||
      field.schema.type !== 'string' ||
      plan.filters.some((f) => f.field === field.path)
    )
      continue;
    add({ field: field.path, op: 'eq', value, phrase: m[0].trim() });
  }

  // "pipelines on main", "merged into develop": the branch of code records.
  for (const filter of branchFilters(text, fields)) {
    if (!plan.filters.some((f) => f.field === filter.field)) add(filter);
  }

  // GitHub's issue list holds its pull requests: left out unless asked for.
  const mixed = mixedRecordFilter(text, read.operation);
  if (mixed?.said) add(mixed.filter);
  else if (mixed) {
    plan.filters.push(mixed.filter);
    plan.assumptions.push(
      `${read.operation.id} also returns ${read.operation.mixes?.resource}s (marked by ${mixed.filter.field}): they are left out.`,
    );
  }

  // "no subtasks": records whose parent is another record of theirs.
  for (const filter of hierarchyFilters(text, read.resource)) add(filter);

  // "stock <= min_stock": two fields of the same record.
  for (const filter of fieldComparisons(lower, fields)) {
    if (!plan.filters.some((f) => f.phrase.includes(filter.phrase))) add(filter);
  }

  // The records' amount compared with amounts the prompt wrote in whole units ("$2k" is 2000).
  // One the schema cannot ground stops the code: ignoring it would send every record, and a
  // wrong write is worse than none (ADR 015).
  const amountOf = (digits: string | undefined, thousands: string | undefined) =>
    Number((digits ?? '').replace(/,/g, '')) * (thousands ? 1000 : 1);
  const compareAmount = (phrase: string, bounds: Array<[FilterPlan['op'], number]> | undefined) => {
    const field = amountField(fields);
    if (!field || !bounds) {
      plan.unresolved.push(`"${phrase}": ${read.resource.plural} have no amount field to compare`);
      plan.blocking.push(`"${phrase}" (no amount in ${read.resource.plural})`);
      return;
    }
    for (const [op, major] of bounds)
      add({ field: field.path, op, value: majorToField(major, field, plan), phrase });
  };

  // "orders between $100 and $500": both bounds, inclusive.
  const NUMBER =
    '[$€£]?\\s?(\\d[\\d,]*(?:\\.\\d+)?)(k)?(?:\\s*(?:usd|eur|gbp|dollars?|euros?|pounds?))?';
  for (const m of lower.matchAll(new RegExp(`\\bbetween\\s+${NUMBER}\\s+and\\s+${NUMBER}`, 'g'))) {
    if (inPeriod(m[0])) continue;
    compareAmount(m[0], [
      ['gte', amountOf(m[1], m[2])],
      ['lte', amountOf(m[3], m[4])],
    ]);
  }

  // "invoices over $500", "orders above 1,000 USD", "deals worth more than €2k": a comparison
  // with a money amount (or a bare number right after the resource's noun) filters on the
  // records' amount field.
  const money =
    /(?:^|[^\w$€£])(over|above|more than|greater than|bigger than|exceeding|at least|under|below|less than|smaller than|at most|no more than|no less than|>=|<=|>|<)\s+(?:(?:[$€£]\s?)(\d[\d,]*(?:\.\d+)?)(k)?|(\d[\d,]*(?:\.\d+)?)(k)?\s*(?:usd|eur|gbp|dollars?|euros?|pounds?|bucks)\b|(\d[\d,]*(?:\.\d+)?)(k)?(?=\s*(?:$|[,.;)]|->|→|(?:to|into|on|in|from|and|as)\b)))/g;
  for (const m of lower.matchAll(money)) {
    const phrase = m[0].replace(/^[^a-z0-9$€£><=]+/, '');
    if (inPeriod(phrase)) continue;
    if (plan.filters.some((f) => f.phrase.includes(phrase.trim()))) continue;
    // A bare number counts only when it follows a noun of the records ("orders over 200") or
    // says what they are worth ("deals worth more than 10k").
    if (m[6] !== undefined) {
      const before = lower.slice(0, m.index + (m[0].length - phrase.length)).trimEnd();
      const nouns = resourceNames(read.resource);
      const worth = /\b(?:worth|valued\s+at|value\s+(?:of|is))$/.test(before);
      if (!worth && !nouns.some((n) => before.endsWith(n) || before.endsWith(`${n}s`))) continue;
    }
    const op = COMPARATORS.find(([pattern]) => pattern.test(m[1] ?? ''))?.[1];
    compareAmount(phrase, op && [[op, amountOf(m[2] ?? m[4] ?? m[6], m[3] ?? m[5] ?? m[7])]]);
  }

  // "$500 or more", "1,000 USD and up", "€50 or less", "$2k+": the amount first, then its bound.
  const trailing =
    /(?:^|[^\w$€£])(?:[$€£]\s?(\d[\d,]*(?:\.\d+)?)(k)?|(\d[\d,]*(?:\.\d+)?)(k)?\s*(?:usd|eur|gbp|dollars?|euros?|pounds?|bucks))(?:(\+)|\s+(?:or|and)\s+(more|above|over|higher|up|greater|less|below|under|lower|fewer)\b)/g;
  for (const m of lower.matchAll(trailing)) {
    const phrase = m[0].replace(/^[^a-z0-9$€£]+/, '');
    if (inPeriod(phrase) || plan.filters.some((f) => f.phrase.includes(phrase.trim()))) continue;
    // Only an amount said of the records themselves ("charges of $500 or more", "deals worth
    // 10k+"): "the fee is $2 or less" or "a discount of $50 or more" is another amount.
    const before = lower.slice(0, m.index + (m[0].length - phrase.length)).trimEnd();
    const nouns = resourceNames(read.resource).map(escapeRegExp).join('|');
    const ofRecords = new RegExp(
      `\\b(?:${nouns})s?(?:\\s+(?:of|worth|totall?ing|for|at|with\\s+a\\s+total\\s+of))?$|\\bworth$`,
    );
    if (!ofRecords.test(before)) continue;
    // "Charges of $500 or more should also mention @finance": how some are written, not which.
    const rest = /^[^.;!?\n]*/.exec(lower.slice(m.index + m[0].length))?.[0] ?? '';
    if (/\b(?:also|mention|tag|highlight|mark|flag|ping|in the message)\b/.test(rest)) continue;
    const op = m[5] || /^(more|above|over|higher|up|greater)$/.test(m[6] ?? '') ? 'gte' : 'lte';
    compareAmount(phrase, [[op, amountOf(m[1] ?? m[3], m[2] ?? m[4])]]);
  }

  // "where status is open" (read-prompt's equality filters), grounded on a field.
  for (const f of reading.filters) {
    // "whose Status is …" on a Notion page: one of the database's own properties.
    const field = findField(f.field) ?? propertyLeaf(read.resource, f.field, text);
    // "with LeadSource = Web": a value the write sets for every record, not a condition.
    const setsValue = plan.destination?.rules.some(
      (r) => r.value !== undefined && normalise(r.to) === normalise(f.field),
    );
    if (!field && setsValue) continue;
    if (!field) {
      plan.unresolved.push(
        `filter "${f.phrase}": ${read.resource.plural} have no field "${f.field}"`,
      );
      plan.blocking.push(`filter "${f.phrase}"`);
      continue;
    }
    // "Status is Open - Not Contacted": an allowed value the prompt writes whole wins over the
    // first word the sentence reader kept.
    const given = String(f.value ?? '');
    // Allowed values: the enum, else the values the field's description lists (a picklist).
    const documented = (field.schema.description ?? '')
      .split(/[,;]/)
      .map((chunk) => {
        const at = chunk.toLowerCase().indexOf(given.toLowerCase());
        return at >= 0 ? chunk.slice(at).replace(/[.\s]+$/, '') : '';
      })
      .filter(Boolean);
    const whole = (field.schema.enum?.map(String) ?? documented)
      .filter(
        (v) => v.toLowerCase().startsWith(given.toLowerCase()) && lower.includes(v.toLowerCase()),
      )
      .sort((a, b) => b.length - a.length)[0];
    // "leave out …, and any whose kind is x": the sentence drops what the filter names.
    const dropped = droppedBySentence(lower, lower.indexOf(f.phrase.toLowerCase()));
    add({
      field: field.path,
      op: (f.operator === 'equals') !== dropped ? 'eq' : 'ne',
      value: whole ?? f.value ?? '',
      phrase: whole ? `${f.phrase}${whole.slice(given.length)}` : f.phrase,
    });
  }

  // "conversations that are still open", "deals which are not won", "people who are active",
  // "tickets that are either new or open", "issues that aren't closed", "tasks that haven't been
  // completed yet", "unless they were refunded".
  for (const m of lower.matchAll(
    /\b(?:(?:that|which|who)\s+(?:(?:are|is)\s+(?:still\s+|currently\s+|already\s+)?(not\s+(?:yet\s+)?|no longer\s+)?(?:either\s+)?|((?:are|is|were|was)n['’]?t\s+|(?:have|has)(?:n['’]?t|\s+not|\s+never)\s+(?:yet\s+)?been\s+)(?:yet\s+)?)|(unless\s+(?:they|it)(?:['’]re|['’]s)?\s+(?:(?:are|is|were|was|(?:have|has)\s+been)\s+)?(?:already\s+)?))([a-z][a-z0-9_]*)\b/g,
  )) {
    const word = m[4] ?? '';
    if (plan.filters.some((f) => f.phrase.includes(word))) continue;
    // "that haven't been updated in 3 days" says when, not which state; "that weren't paid on
    // time" says how.
    if (
      /^\s+(?:in|for|since|within|over|during|on\s+time|late|yet\s+on)\b/.test(
        lower.slice(m.index + m[0].length),
      )
    )
      continue;
    const found = stateMatch(fields, word, true);
    if (!found) continue;
    // "drop every ticket which is not solved" leaves out what is not solved: keeps the solved.
    const excluded = EXCLUDING_WHAT.test(
      `${lower.slice(Math.max(0, m.index - 80), m.index)} that is`,
    );
    const negated = Boolean(m[1] ?? m[2] ?? m[3]) !== excluded;
    if (found.value !== undefined)
      add({ field: found.field, op: negated ? 'ne' : 'eq', value: found.value, phrase: m[0] });
    else add({ field: found.field, op: negated ? 'falsy' : 'truthy', phrase: m[0] });
  }

  // "overdue"
  if (/\b(overdue|past[- ]due|late)\b/.test(lower)) {
    const enumField = fields.find((l) =>
      l.schema.enum?.some((v) => /^(overdue|past_due)$/i.test(String(v))),
    );
    if (enumField) {
      add({
        field: enumField.path,
        op: 'eq',
        value: enumField.schema.enum?.find((v) =>
          /^(overdue|past_due)$/i.test(String(v)),
        ) as string,
        phrase: 'overdue',
      });
    } else {
      const due = fields.find((l) => conceptOf(l.path) === 'due');
      if (!due) {
        plan.unresolved.push(`"overdue": ${read.resource.plural} have no due date`);
        plan.blocking.push(`"overdue" (no due date in ${read.resource.plural})`);
      } else {
        add({ field: due.path, op: 'before-now', format: due.schema.format, phrase: 'overdue' });
        const status = fields.find((l) => conceptOf(l.path) === 'status' && l.schema.enum);
        const done = status?.schema.enum?.filter((v) =>
          /^(paid|void|closed|completed?|done|resolved|cancell?ed|draft|deleted)$/i.test(String(v)),
        );
        if (status && done && done.length > 0)
          add({ field: status.path, op: 'not-in', value: done, phrase: 'overdue (not settled)' });
        const flag = fields.find(
          (l) =>
            l.schema.type === 'boolean' &&
            /^(completed|closed|paid|dueComplete|done)$/.test(l.path),
        );
        if (flag) add({ field: flag.path, op: 'falsy', phrase: 'overdue (not done)' });
        const balance = fields.find(
          (l) =>
            /^(balance|amount_remaining|due_amount)$/i.test(l.path) && l.schema.type !== 'object',
        );
        if (balance)
          add({ field: balance.path, op: 'gt', value: 0, phrase: 'overdue (balance left)' });
      }
    }
  }

  // "who accepted email marketing", "opted in", "consenting", "subscribed to the newsletter":
  // the records' marketing consent (a flag, or a state whose value says subscribed).
  const consent =
    /\b(?:(?:accepted|accepts|agreed to|subscribed to|signed up for)\s+(?:the\s+)?(?:email\s+|sms\s+)?(?:marketing|newsletters?|promotional emails?)|opted[- ]in|opt[- ]in|consent(?:ed|ing)?(?:\s+to\s+(?:email\s+|sms\s+)?marketing)?)\b/.exec(
      lower,
    );
  if (consent) {
    const channel = /\bsms\b/.test(consent[0]) ? 'sms' : 'email';
    const candidates = fields
      .filter((l) => /marketing|consent|opt_?in|subscri|newsletter/i.test(l.path))
      .sort(
        (a, b) =>
          Number(b.path.toLowerCase().includes(channel)) -
          Number(a.path.toLowerCase().includes(channel)),
      );
    const flag = candidates.find((l) => l.schema.type === 'boolean');
    const state = candidates.find((l) =>
      l.schema.enum?.some((v) => /^(subscribed|opted_?in|granted|yes)$/i.test(String(v))),
    );
    if (state)
      add({
        field: state.path,
        op: 'eq',
        value: state.schema.enum?.find((v) =>
          /^(subscribed|opted_?in|granted|yes)$/i.test(String(v)),
        ) as string,
        phrase: consent[0],
      });
    else if (flag) add({ field: flag.path, op: 'truthy', phrase: consent[0] });
    else {
      plan.unresolved.push(`"${consent[0]}": ${read.resource.plural} have no consent field`);
      plan.blocking.push(`"${consent[0]}" (no consent field in ${read.resource.plural})`);
    }
  }

  // Any money amount no filter took ("orders of about $100") stops the code: sending every
  // record would silently ignore what the prompt asked.
  for (const m of lower.matchAll(
    /[$€£]\s?\d[\d,]*(?:\.\d+)?k?|\b\d[\d,]*(?:\.\d+)?k?\s*(?:usd|eur|gbp|dollars?|euros?|pounds?|bucks)\b/g,
  )) {
    const amount = m[0].replace(/\s+/g, ' ');
    if (plan.filters.some((f) => f.phrase.replace(/\s+/g, ' ').includes(amount))) continue;
    plan.unresolved.push(`the amount "${amount}": no comparison with it was understood`);
    plan.blocking.push(`the amount "${amount}" (say "over ${amount}" or "under ${amount}")`);
  }

  // "older than a week", "not updated in 3 days": how long before the run a record's time is.
  const ages = recordAges(
    lower,
    leaves(read.resource.schema, 2),
    read.resource.createdField,
    resourceNames(read.resource).map((n) => n.toLowerCase()),
  );
  for (const filter of ages.filters) add(filter);
  for (const phrase of ages.ungrounded) {
    plan.unresolved.push(`"${phrase}": ${read.resource.plural} have no time field to compare`);
    plan.blocking.push(`"${phrase}" (no time field in ${read.resource.plural})`);
  }
  const inAge = (index: number) =>
    ages.filters.some((f) => {
      const at = lower.indexOf(f.phrase);
      return at <= index && index < at + f.phrase.length;
    });

  // "yesterday's orders", "today", "in the last 24 hours", "from the past 7 days": a window
  // on the records' creation time, relative to when the run was due.
  const DAY = 86_400_000;
  const windows: Array<
    [RegExp, (m: RegExpExecArray) => { value: [number, number]; alignDay: boolean }]
  > = [
    [/\byesterday(?:['’]s)?\b/, () => ({ value: [-DAY, 0], alignDay: true })],
    [/\btoday(?:['’]s)?\b/, () => ({ value: [0, DAY], alignDay: true })],
    [
      // The count in digits or words ("in the last two weeks").
      new RegExp(
        String.raw`\b(?:in|from|during|over|within)\s+the\s+(?:last|past|previous)\s+(?:${COUNT}\s*)?(hours?|days?|weeks?)\b`,
      ),
      (m) => {
        const unit = unitMs(m[2] ?? '');
        return { value: [-(m[1] ? toNumber(m[1]) : 1) * unit, 1], alignDay: false };
      },
    ],
  ];
  // "in the next 7 days", "within the coming two weeks": from the run on, on the record's own
  // time (a start, a due day), never its creation.
  const ahead = new RegExp(
    String.raw`\b(?:in|within|over|during)\s+the\s+(?:next|coming|upcoming)\s+(?:${COUNT}\s*)?(hours?|days?|weeks?)\b`,
  ).exec(lower);
  if (ahead && !inAge(ahead.index)) {
    const unit = unitMs(ahead[2] ?? '');
    const moment =
      eventTimeField(lower.slice(0, ahead.index), leaves(read.resource.schema, 2)) ??
      recordMoment(read.resource);
    if (!moment || moment.path === read.resource.createdField) {
      plan.unresolved.push(
        `"${ahead[0]}": ${read.resource.plural} have no time of their own to compare`,
      );
      plan.blocking.push(`"${ahead[0]}" (no start or due time in ${read.resource.plural})`);
    } else
      add({
        field: moment.path,
        op: 'within',
        value: [0, (ahead[1] ? toNumber(ahead[1]) : 1) * unit],
        alignDay: false,
        format: moment.schema.format,
        phrase: ahead[0],
      });
  }
  for (const [pattern, window] of windows) {
    // "anything after today", "due by today": a bound for another comparison, not the day
    // the records were made.
    const m = [...lower.matchAll(new RegExp(pattern.source, 'g'))].find(
      (hit) =>
        !BOUND_BEFORE.test(lower.slice(Math.max(0, hit.index - 20), hit.index)) &&
        !inAge(hit.index),
    );
    if (!m) continue;
    const createdField = read.resource.createdField;
    const field =
      eventTimeField(lower.slice(0, m.index), leaves(read.resource.schema, 2)) ??
      (createdField
        ? (fields.find((l) => l.path === createdField) ?? {
            path: createdField,
            schema: { type: 'string' } as TFieldSchema,
          })
        : undefined);
    if (!field) {
      plan.unresolved.push(`"${m[0]}": ${read.resource.plural} have no creation time`);
      plan.blocking.push(`"${m[0]}" (no creation time in ${read.resource.plural})`);
      continue;
    }
    add({
      field: field.path,
      op: 'within',
      ...window(m),
      format: field.schema.format,
      phrase: m[0],
    });
  }

  // "tagged urgent", "with the label bug", "labelled urgent", and the name before the noun:
  // "with the "bug" label", "carrying the `p1` tag".
  for (const m of lower.matchAll(
    /\b(?:(?:tagged|labell?ed|with (?:the |a )?(?:tag|label))\s+(?:(?:either|any of|one of)\s+)?["'`#]?([\w-]+)["'`]?|(?:with|has|have|having|carrying|bearing)\s+(?:the |a |an )?["'`“]([\w -]{1,40})["'`”]\s+(?:tag|label)\b)/g,
  )) {
    const tags = fields.find((l) => conceptOf(l.path) === 'tags');
    if (!tags) {
      plan.unresolved.push(`"${m[0]}": ${read.resource.plural} have no tags or labels`);
      plan.blocking.push(`"${m[0]}" (no tags in ${read.resource.plural})`);
      continue;
    }
    // "drop whatever is labelled wontfix": records with that label are the ones left out, when
    // the verb is right before it in the same clause ("skip duplicates and post every issue
    // labelled bug" keeps bug; "ignore everything except …" too).
    const lead =
      lower
        .slice(Math.max(0, m.index - 40), m.index)
        .split(/[,;.!?]/)
        .at(-1) ?? '';
    const drop = new RegExp(
      String.raw`\b(?:skip\w*|ignor\w*|leav\w* out|exclud\w*|drop\w*|omit\w*|without|not|never|${SET_APART})\s+(?:(?:anything|everything|any|all|the|ones?|those|\w+s)\s+){0,2}$`,
    ).exec(lead);
    // "Apart from what is labelled bug, also send …" adds to those records.
    if (drop && setApartButAdded(drop[0], lower, m.index)) continue;
    // "… with the tag spam are ignored / please ignore them": the sentence's end leaves them out.
    const droppedAfter = !drop && droppedRightAfter(lower.slice(m.index + m[0].length));
    add({
      field: tags.path,
      op: drop || droppedAfter ? 'lacks' : 'contains',
      value: m[1] ?? m[2] ?? '',
      phrase: drop ? `${lead.slice(drop.index)}${m[0]}` : m[0],
    });
  }

  planPresenceFilters(lower, read.resource, add);
  assignmentFilters(lower, read.resource, add);
  namedChoiceFilters(lower, fields, plan, add);
  codeChoiceFilters(text, fields, plan, add);

  // "excluding archived ones", "not archived", "leave out closed", "without drafts", "except
  // cancelled": a state the records must not be in (an enum value, a documented value meaning,
  // or a boolean flag).
  for (const m of lower.matchAll(
    new RegExp(
      String.raw`(?:\b(?:excluding|exclude|except(?: for)?|${SET_APART}|not|never|skip(?:ping)?|ignore|ignoring|without|no|non|leave out|leaving out|omit(?:ting)?|drop(?:ping)?|minus)|n't)[- ](?:(?:include|including|send|sending|copy|copying|add|adding|post|posting|sync|syncing|want)\s+)?(?:the |any |all )?([a-z]+)\b`,
      'g',
    ),
  )) {
    const state = m[1] ?? '';
    if (setApartButAdded(m[0], lower, m.index)) continue;
    if (
      /^(new|ones?|already|existing|duplicates?|more|longer|need|matter|later|changes?|those|them|it|twice|again|a|an|to|send|post|copy|add)$/.test(
        state,
      )
    )
      continue;
    if (plan.filters.some((f) => f.phrase === m[0] || f.phrase.includes(m[0]))) continue;
    // "not archived in earlier months" leaves out other records, not the state.
    if (OTHER_GROUP.test(lower.slice(m.index + m[0].length))) continue;
    // "ignoring leads with no phone": the records' own noun is not a state of theirs.
    if (resourceNames(read.resource).some((n) => normalise(n) === normalise(state))) continue;
    const found = stateMatch(fields, state);
    // "leave out anything that isn't shipped": excluding what is not X keeps only X.
    const excludedNot =
      /^(?:not|n't|never)\b/.test(m[0]) &&
      EXCLUDING_WHAT.test(lower.slice(Math.max(0, (m.index ?? 0) - 80), m.index));
    if (found && excludedNot) {
      add({
        field: found.field,
        op: found.value === undefined ? 'truthy' : 'eq',
        ...(found.value === undefined ? {} : { value: found.value }),
        phrase: m[0],
      });
    } else if (found) {
      add({
        field: found.field,
        op: found.value === undefined ? 'falsy' : 'ne',
        ...(found.value === undefined ? {} : { value: found.value }),
        phrase: m[0],
      });
    } else if (
      /^(archived|closed|completed|deleted|cancell?ed|inactive|drafts?|spam|resolved|done|void|paid)$/.test(
        state,
      )
    ) {
      plan.unresolved.push(`"${m[0]}": ${read.resource.plural} have no ${state} flag or status`);
      plan.blocking.push(`"${m[0]}" (no ${state} flag or status in ${read.resource.plural})`);
    }
  }

  // "open issues", "paid invoices", "active subscriptions", "completed tasks": an adjective
  // before the resource noun that is an enum value or a boolean field.
  const nouns = resourceNames(read.resource).map((n) => escapeRegExp(n));
  const apiName = plan.sourceName ? `(?:${escapeRegExp(plan.sourceName)}(?:'s)?\\s+)?` : '';
  const adjective = new RegExp(
    `\\b(?:only\\s+)?(?:the\\s+|all\\s+|our\\s+|new\\s+)*([a-z][a-z0-9_]*)\\s+${apiName}(?:${nouns.join('|')})s?\\b`,
    'g',
  );
  // "high priority tickets", "high-priority tickets", "enterprise plan customers": a value of
  // the field the next word names.
  const valued = new RegExp(
    `\\b([a-z][a-z0-9_]*)[- ]([a-z_]+)\\s+${apiName}(?:${nouns.join('|')})s?\\b`,
    'g',
  );
  for (const m of lower.matchAll(valued)) {
    const [, word = '', name = ''] = m;
    const field = fields.find((l) => normalise(l.path) === normalise(name));
    if (!field || plan.filters.some((f) => f.field === field.path)) continue;
    const found = stateMatch([field], word, true);
    // "low priority tickets are ignored": the words after the noun leave that value out.
    const after = lower.slice(m.index + m[0].length);
    const leftOut = LEFT_OUT_AFTER.test(after) || DROPPED_AFTER.test(after);
    if (found?.value !== undefined)
      add({
        field: found.field,
        op: leftOut ? 'ne' : 'eq',
        value: found.value,
        phrase: m[0].trim(),
      });
  }
  for (const m of lower.matchAll(adjective)) {
    const word = m[1] ?? '';
    if (
      /^(new|all|the|our|my|every|each|any|changed|updated|recent|latest|stripe|from|copy|add|sync|send|of)$/.test(
        word,
      )
    )
      continue;
    if (plan.filters.some((f) => f.phrase.includes(word))) continue;
    // "include draft invoices too" adds records: no condition.
    if (widens(lower, m.index)) continue;
    const negative = /^un(.+)$/.exec(word)?.[1];
    // "not-completed tasks", "non-archived projects": the word before negates the state.
    const denied =
      /\b(?:not|non)[- ]$/.test(lower.slice(Math.max(0, m.index - 4), m.index)) ||
      droppedRightBefore(lower, m.index);
    const found =
      stateMatch(fields, word, true) ?? (negative ? stateMatch(fields, negative, true) : undefined);
    // "unpaid invoices", or "retired products never" / "drafts stay out": a state the words
    // after the noun leave out.
    const rest = lower.slice(m.index + m[0].length);
    // "… stay out" right after the noun, or the sentence ending by leaving them out ("…
    // please ignore them"), unless words after the noun narrow which of them.
    const leftOut =
      LEFT_OUT_AFTER.exec(rest) ??
      (!QUALIFIED.test(rest) && droppedRightAfter(rest) ? /^/.exec(rest) : null);
    const negated =
      ((Boolean(negative) && !stateMatch(fields, word, true)) !== Boolean(leftOut)) !== denied;
    const phrase = `${m[0]}${leftOut?.[0] ?? ''}`.trim();
    if (found?.value !== undefined)
      add({ field: found.field, op: negated ? 'ne' : 'eq', value: found.value, phrase });
    else if (found) add({ field: found.field, op: negated ? 'falsy' : 'truthy', phrase });
  }
  // "orders paid since …", "tasks that were completed": a state after the noun. Words for a
  // record coming into being ("issues opened since …", GitLab's `opened`) say which records are
  // new, not which state they must still be in.
  const participle = new RegExp(
    `\\b${apiName}(?:${nouns.join('|')})s?\\s+(?:(?:that|which)\\s+)?(?:(?:were|was|are|is|have been|has been|got|get)\\s+)?([a-z]+)\\b`,
    'g',
  );
  for (const m of lower.matchAll(participle)) {
    const word = m[1] ?? '';
    if (word.length < 4 || CREATION_EVENTS.test(word)) continue;
    if (plan.filters.some((f) => f.phrase.includes(word))) continue;
    const found = stateMatch(fields, word, true);
    if (!found) continue;
    // "… that were archived must not go in" leaves them out; "… archived without a reply, or
    // …, must not go in" leaves out a narrower group, which the state alone cannot say.
    const after = lower.slice(m.index + m[0].length).split(/[.;!?\n]/)[0] ?? '';
    const dropped = DROPPED_AFTER.test(after);
    if (dropped && QUALIFIED.test(after)) continue;
    if (found.value !== undefined)
      add({
        field: found.field,
        op: dropped ? 'ne' : 'eq',
        value: found.value,
        phrase: m[0].trim(),
      });
    else add({ field: found.field, op: dropped ? 'falsy' : 'truthy', phrase: m[0].trim() });
  }
}

/** Words right after a state that narrow it to some of the records in it. */
const QUALIFIED = /^\s*(?:,\s*)?(?:without|with|but|unless|if|before|after|by|or|and)\b/;

/** Words after a state that say which records of it, not the state: "in earlier months". */
const OTHER_GROUP =
  /^\s+(?:from|in|of|for|during)\s+(?:the\s+)?(?:other|another|previous|earlier|later|different|past|prior)\b/;

/** Words that make a day a bound of a comparison: "after today", "due by today". */
const BOUND_BEFORE = /\b(?:before|after|until|till|than|due|by)\s+$/;

/** Words right after a noun that leave those records out: "archived ones never", "drafts stay out". */
const LEFT_OUT_AFTER =
  /^\s*(?:\([^)]*\)\s*)?[,:-]?\s*(?:(?:are|is|should|must|will|get|can)\s+)?(?:be\s+)?(?:never\b|not\b(?!\s+only)|no\b|out\b|excluded|skipped|ignored|dropped|left\s+out|stays?\s+out|do\s+nothing|don['’]?t|do\s+not|aren['’]?t|isn['’]?t|shouldn['’]?t|won['’]?t)/;

/** A prompt's amount in major units ($500) as the field counts it (50000 for cents). */
function majorToField(value: number, field: FieldLeaf, plan: GroundedPlan): number {
  if (!inMinorUnits(field)) return value;
  const scaled = Math.round(value * 100);
  plan.assumptions.push(
    `${field.path} counts in cents (the currency's smallest unit), so ${value} becomes ${scaled}.`,
  );
  return scaled;
}
