import {
  inPlaceUpdate,
  MAX_FIRST_RUN_LOOKBACK_MS,
  type TApiDescription,
  type TResource,
} from '@patchbay/schema';
import { resourceNames, singular } from './resource-words.ts';
import {
  conceptOf,
  type FieldLeaf,
  type FieldRule,
  leaves,
  namesTimeField,
  normalise,
  TIME_FORMATS,
} from './field-match.ts';
import type { readPrompt } from '../reader/read-prompt.ts';
import {
  type DedupePlan,
  type GroundedPlan,
  itemsPerRun,
  type ReadPlan,
  type WritePlan,
} from './plan-types.ts';
import { hintsFor } from './prompt-ids.ts';
import { requiredHeaders, requiredParams } from './choose-operations.ts';
import { queryLanguage } from './plan-read.ts';
import { upsertSetting } from './upsert-setting.ts';
import { eventTimeField } from './state-words.ts';

// Incremental sync and de-duplication: the field a run's cursor follows so later runs read only
// new or changed records, and the destination field that tells a record is already there, so
// it is skipped or updated in place rather than written twice.

// ── Incremental sync ────────────────────────────────────────────────────────────────────────

/**
 * "tag each new record with a Triage value" in Airtable: a "new" whose noun is only the destination's
 * says what the write makes, not which records to read.
 */
function aboutTheRead(
  incremental: ReturnType<typeof readPrompt>['incremental'],
  plan: GroundedPlan,
): ReturnType<typeof readPrompt>['incremental'] {
  if (!incremental?.nouns || !plan.source || !plan.destination) return incremental;
  const names = (resource: TResource) =>
    new Set(resourceNames(resource).flatMap((n) => [n, singular(n)]));
  const source = names(plan.source.resource);
  const destination = names(plan.destination.resource);
  const written = (noun: string) =>
    destination.has(noun) || destination.has(singular(noun))
      ? !source.has(noun) && !source.has(singular(noun))
      : false;
  return incremental.nouns.every(written) ? undefined : incremental;
}

export function planCursor(
  lower: string,
  reading: ReturnType<typeof readPrompt>,
  plan: GroundedPlan,
) {
  const read = plan.source as ReadPlan;
  const incremental = aboutTheRead(reading.incremental, plan);
  const firstRun = reading.firstRun;
  const wants =
    incremental ??
    (/\b(since (the )?last|only new|new ones|incremental)\b/.test(lower)
      ? { kind: 'new' as const, phrase: 'since the last run' }
      : undefined) ??
    // "First run: everything there is" says later runs take only what is new.
    (firstRun ? { kind: 'new' as const, phrase: firstRun.phrase } : undefined);
  if (!wants) {
    const repeats =
      plan.destination &&
      ['update', 'upsert', 'batch-upsert', 'batch-update'].includes(
        plan.destination.operation.kind,
      );
    if (repeats) {
      plan.assumptions.push(
        'No "new" or "changed" in the prompt: every run sends every record it reads again.',
      );
    } else {
      plan.remember = true;
      plan.assumptions.push(
        'No "new" or "changed" in the prompt: every run reads every record, and the ids of those ' +
          'sent are kept in ctx.state (the last 2000) so a record is not created or posted twice.',
      );
    }
    return;
  }
  const resource = read.resource;
  const since = read.operation.since;
  let field =
    wants.kind === 'changed'
      ? (resource.updatedField ?? resource.createdField)
      : (resource.createdField ?? resource.updatedField);
  if ('field' in wants && wants.field) field = wants.field;
  // "paid since the last run": the time of that event; records without it have not had it yet.
  const sinceWord = /\b(?:since|after)\b/.exec(lower);
  const eventField = sinceWord
    ? eventTimeField(lower.slice(0, sinceWord.index), leaves(resource.schema))?.path
    : undefined;
  if (eventField && !('field' in wants && wants.field)) field = eventField;
  // "Crashed builds since the last check": new to this sync is when a record reached the state
  // the filters ask for, not when it was created.
  const stateField =
    wants.kind === 'new' && !eventField && !('field' in wants && wants.field)
      ? stateTimeField(plan.filters, leaves(resource.schema))
      : undefined;
  if (stateField) field = stateField;
  if (since && (since.field === field || !field)) field = since.field;
  field ??= resource.idField;
  const fieldSchema = leaves(resource.schema).find((l) => l.path === field)?.schema;
  const param =
    since && since.field === field ? { name: since.param, format: since.format } : undefined;
  plan.cursor = {
    kind: wants.kind,
    field,
    format: fieldSchema?.format,
    param,
    phrase: wants.phrase,
  };
  if (firstRun) planFirstRun(firstRun, plan.cursor, fieldSchema?.format, plan);
  plan.understood.push(
    `Only ${wants.kind} ${resource.plural} ("${wants.phrase}"): a cursor on ${field} kept in ctx.state` +
      `${param ? `, sent as ${param.name}` : ''}; at most ${itemsPerRun(plan.destination, plan.source)} per run.`,
  );
}

/** States a record reaches when something it runs ends: the time it ended says when. */
const ENDED_STATES =
  /^(failed|failure|errored|error|succeeded|success|successful|passed|finished|timed_?out|expired)$/;
const LATER_STATES =
  /^(closed|resolved|merged|paid|completed?|done|shipped|delivered|fulfilled|cancell?ed|archived|won|lost|approved|rejected|published|refunded|declined)$/;
export const END_TIME = /^(finished|ended|completed|done|stopped)_?(at|on|time|date)$/i;
const CHANGE_TIME =
  /^(updated|modified|changed|last_?modified|last_?updated)_?(at|on|time|date)?$/i;

/**
 * The time a record reached the state a filter keeps ("failed", "resolved", "merged"): a field
 * named after the state (`resolved_at`), the end of a run for states a run ends in
 * (`finished_at` for "failed"), else the time of its last change.
 */
function stateTimeField(filters: GroundedPlan['filters'], fields: FieldLeaf[]): string | undefined {
  const states = filters
    .filter((f) => f.op === 'eq' || f.op === 'in' || f.op === 'truthy')
    .flatMap((f) => (f.op === 'truthy' ? [f.field.split('.').at(-1) ?? ''] : [f.value].flat()))
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.toLowerCase());
  if (states.length === 0) return undefined;
  const times = fields.filter((l) => l.depth === 0 && TIME_FORMATS.has(l.schema.format ?? ''));
  for (const state of states) {
    const named = times.find((l) => namesTimeField(state, l));
    if (named) return named.path;
  }
  if (states.some((state) => ENDED_STATES.test(state))) {
    const ended = times.find((l) => END_TIME.test(l.path));
    if (ended) return ended.path;
  }
  // A record is created open or pending; one that is closed, paid or failed got there later.
  if (states.some((state) => ENDED_STATES.test(state) || LATER_STATES.test(state)))
    return times.find((l) => CHANGE_TIME.test(l.path))?.path;
  return undefined;
}

/** A field whose values are times, by its format or its name: a first-run window applies to it. */
const TIME_NAME = /(?:_at|At|_on|date|Date|time|Time|created|updated|modified|timestamp)$/;

function planFirstRun(
  firstRun: NonNullable<ReturnType<typeof readPrompt>['firstRun']>,
  cursor: NonNullable<GroundedPlan['cursor']>,
  format: string | undefined,
  plan: GroundedPlan,
) {
  const { lookbackMs, phrase } = firstRun;
  if (lookbackMs === undefined) {
    cursor.firstRun = { phrase };
    plan.understood.push(`The first run takes every record there is ("${phrase}").`);
    return;
  }
  const isTime =
    (format !== undefined && ['date-time', 'date', 'unix-time'].includes(format)) ||
    TIME_NAME.test(cursor.field);
  if (!isTime) {
    plan.unresolved.push(
      `"${phrase}": the cursor follows ${cursor.field}, which is not a time, so the first run ` +
        'takes every record',
    );
    return;
  }
  cursor.firstRun = { lookbackMs: Math.min(lookbackMs, MAX_FIRST_RUN_LOOKBACK_MS), phrase };
  plan.understood.push(
    lookbackMs === 0
      ? `The first run sends nothing older than itself, and later runs go on from it ("${phrase}").`
      : `The first run takes ${cursor.field} within ${describeSpan(lookbackMs)} before it ("${phrase}").`,
  );
}

/** 259_200_000 → "3 days". */
export function describeSpan(ms: number): string {
  const units: Array<[number, string]> = [
    [604_800_000, 'week'],
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
  ];
  const [size, name] = units.find(([size]) => ms % size === 0) ?? [60_000, 'minute'];
  const count = Math.round(ms / size);
  return `${count} ${name}${count === 1 ? '' : 's'}`;
}

// ── De-duplication ──────────────────────────────────────────────────────────────────────────

/** Records that are people, compared by email when nothing else is named. */
const PERSON_RECORD =
  /\b(contact|customer|subscriber|member|user|lead|person|people|candidate|employee|profile|attendee|applicant|recipient|prospect|guest|patient|student)s?$/i;

/**
 * "Update it instead of creating a duplicate", "create or update", "if one exists already,
 * update it": a match is updated in place rather than skipped.
 */
const UPDATE_EXISTING =
  /\b(upsert\w*|(?:create|add|insert)s? or updates?|(?:updat|refresh|overwrit)\w*(?: (?:it|them|that one|those|the (?:\w+ ){0,2}?\w+|existing \w+))?[\w ,']{0,40}?(?:instead of|rather than) (?:creat|add|insert|mak|duplicat)\w*(?: (?:a |another )?(?:duplicate|new|second) ?\w*)?(?:[\w ,']{0,40}?\b(?:already )?exists?)?|(?:if|when)\b[\w ,']{0,50}?\b(?:already )?exists?(?: already)?,? (?:then )?(?:updat|refresh|overwrit)\w*(?: (?:it|them|that one|the \w+))?|(?:updat|refresh|overwrit)\w*(?: (?:it|them|the \w+))? (?:if|when)[\w ']{0,40}?(?:already )?exists?(?: already)?|(?:updat|refresh|overwrit)\w* (?:the )?existing(?: \w+)?)/;

/** "do not overwrite existing contacts", "without updating …": the opposite of an update. */
const NEGATED = /\b(?:don['’]?t|do not|never|not|no|without|avoid)\s+(?:\w+\s+)?$/;

export function planDedupe(lower: string, plan: GroundedPlan) {
  const found = UPDATE_EXISTING.exec(lower);
  const upsert =
    found && !NEGATED.test(lower.slice(Math.max(0, found.index - 30), found.index)) ? found : null;
  const m =
    upsert ??
    /\b((?:skip\w*|leav\w* out|exclud\w*|ignor\w*|omit\w*|drop\w*)[\w ]{0,30}(already|exist\w*|duplicates?)|not already|(don't|do not|never|avoid|without)[\w ]{0,20}(duplicat\w*|twice|again)|dedup\w*|de-dup\w*|unless[\w ]{0,30}exists?|if[\w ]{0,20}(not|n't)[\w ]{0,20}(exist\w*|there)|only if (it's|it is) not there|no duplicates?(?: \w+)?|(?:don't|do not|never|without)\s+(?:overwrit|updat|touch|chang)\w*\s+(?:the\s+|any\s+)?(?:existing|ones? already)(?: \w+)?)\b/.exec(
      lower,
    );
  if (!m) return;
  const write = plan.destination as WritePlan;
  const read = plan.source as ReadPlan;
  if (write.kind === 'message') return;
  if (upsert && /upsert/.test(write.operation.kind)) {
    // A batch upsert told in its body what to match on (or to update at all) is told so.
    const setting = upsertSetting(write.operation);
    // Only a key that tells records apart: a guess (a name, the first field) would merge them.
    const found = setting?.kind === 'fields' ? compareKey(lower, '', write, read) : undefined;
    const key =
      found &&
      (matchedBy(lower, found) ||
        ['email', 'externalid'].includes(conceptOf(found.to) ?? '') ||
        found.from === read.resource.idField)
        ? found
        : undefined;
    if (setting?.kind === 'fields' && !key) {
      plan.unresolved.push(
        `"${upsert[0]}": which field ${write.operation.path} should match records on; name it ("match on email")`,
      );
      plan.blocking.push(`"${upsert[0]}" (no field to match records on)`);
      return;
    }
    if (setting?.kind === 'fields' && key)
      write.rules.push({
        to: setting.path,
        value: key.to,
        type: 'array',
        top: true,
        reason: 'upsert key',
      });
    if (setting?.kind === 'switch')
      write.rules.push({
        to: setting.path,
        value: 'true',
        type: 'boolean',
        top: true,
        reason: 'upsert',
      });
    plan.understood.push(
      `"${upsert[0]}": ${write.operation.method} ${write.operation.path} creates or updates by itself${key ? `, matching on ${key.to}` : ''}.`,
    );
    return;
  }
  // Without a way to update one record, a match is at least not written twice.
  const inPlace = upsert ? updateInPlace(write, plan, upsert[0]) : undefined;
  // "Update the existing contacts" with nothing said about creating: the others are left alone.
  const creates =
    /\b(creat\w*|adds?|added|adding|insert\w*|copy|copies|import\w*|new|otherwise|else|sync\w*|upsert\w*|if (?:it|they|one) (?:is|are|does|do)n['’]?t|if not)\b/.test(
      lower.replace(upsert?.[0] ?? '', ' '),
    ) || /creat|\badd|insert|upsert|instead|rather/.test(upsert?.[0] ?? '');
  const update = inPlace && !creates ? { ...inPlace, onlyExisting: true } : inPlace;
  const key = compareKey(lower, upsert ? '' : m[0], write, read);
  if (!key?.from) {
    plan.unresolved.push(`"${m[0]}": no field to compare records by`);
    plan.blocking.push(`"${m[0]}" (no key to compare)`);
    return;
  }
  const operations = write.resource.operations;
  const lists = operations.filter(
    (op) => op.kind === 'list' || (op.kind === 'search' && (op.method === 'GET' || op.safe)),
  );
  // A list whose path parameters are the ones the write already fills, or none.
  const list = lists
    .filter((op) =>
      requiredParams(op, 'path').every((name) => name in write.pathParams || name === 'id'),
    )
    .sort((a, b) => Number(b.kind === 'list') - Number(a.kind === 'list'))[0];
  if (!list) {
    plan.unresolved.push(
      `"${m[0]}": ${write.resource.plural} have no list or search to check against`,
    );
    plan.blocking.push(`"${m[0]}" (no way to read existing ${write.resource.plural})`);
    return;
  }
  const pathParams: Record<string, string> = {};
  for (const name of requiredParams(list, 'path')) {
    const value =
      write.pathParams[name] ??
      write.rules.find(
        (r) =>
          r.value !== undefined &&
          hintsFor(r.to).some((h) => hintsFor(name, list.path).includes(h)),
      )?.value;
    if (value === undefined) {
      plan.blocking.push(`"${m[0]}": ${list.path} needs {${name}}`);
      plan.unresolved.push(`"${m[0]}": ${list.path} needs {${name}}`);
      return;
    }
    pathParams[name] = value;
  }
  const query: Record<string, string> = {};
  for (const param of list.params.filter((p) => p.required && p.in === 'query')) {
    // A list that returns only the fields asked for (Zoho's `fields`): the key and the id.
    if (/^(?:fields|\$?select|properties|columns)$/i.test(param.name)) {
      query[param.name] = [...new Set([key.to, write.resource.idField])].join(',');
      continue;
    }
    query[param.name] =
      queryLanguage(
        plan.destinationDescription as TApiDescription,
        write.resource,
        list,
        param.name,
        true,
      ) ?? '{key}';
  }
  const destinationField =
    write.container?.kind === 'object' ? `${write.container.field}.${key.to}` : key.to;
  plan.dedupe = {
    sourceField: key.from,
    destinationField,
    operation: list,
    pathParams,
    query,
    itemsPath: list.itemsPath ?? '',
    pagination: list.pagination ?? { style: 'none' },
    headers: requiredHeaders(list, plan.unresolved, plan.destinationDescription as TApiDescription),
    phrase: update ? withCondition(lower, upsert as RegExpExecArray) : m[0],
    update,
  };
  plan.understood.push(
    `${update ? 'Update' : 'Skip'} ${read.resource.plural} already in ${write.resource.plural} ("${m[0]}"): ${key.from} compared with ${destinationField}, read with ${list.method} ${list.path}` +
      (update
        ? `; a match is updated with ${update.operation.method} ${update.operation.path}${update.onlyExisting ? ', and the rest are left out' : ''}.`
        : '.'),
  );
}

/** An update's phrase with the condition just before it ("where one is on file, refresh it"). */
function withCondition(lower: string, match: RegExpExecArray): string {
  const before = /\b(?:where|if|when|whenever|in case)\b[^.;:!?]{0,80}?,?\s*$/.exec(
    lower.slice(0, match.index),
  );
  return `${before?.[0] ?? ''}${match[0]}`;
}

/**
 * How a match is updated in place: the resource's update whose one extra path parameter is
 * the record id. Undefined (and said so) when the destination describes none.
 */
function updateInPlace(write: WritePlan, plan: GroundedPlan, phrase: string): DedupePlan['update'] {
  // One record per call: a batch or a row append has no one record to update.
  const update =
    write.kind === 'record' && write.container?.kind !== 'values-array'
      ? inPlaceUpdate(write.resource, write.pathParams)
      : undefined;
  if (update) return update;
  plan.unresolved.push(
    `"${phrase}": ${write.resource.plural} have no update operation to change an existing one, so one already there is skipped`,
  );
  return undefined;
}

/**
 * The field a record is matched on: the one the prompt compares by ("with the same email",
 * "match on phone", or the words of `phrase`), else the likeliest key. An update's own words name
 * what it changes ("update the status"), not a key.
 */
function compareKey(
  lower: string,
  phrase: string,
  write: WritePlan,
  read: ReadPlan,
): FieldRule | undefined {
  const rules = write.rules.filter((r) => r.from && (!r.how || r.how === 'form-field'));
  // The field the prompt compares by ("with the same email", "match on phone"), else the
  // likeliest key. An update's own words name what it changes ("update the status"), not a key.
  const said = `${phrase} ${comparedBy(lower, COMPARES).join(' ')}`;
  const saidWords = said
    .split(/[^a-z0-9_]+/)
    .map(normalise)
    .filter(Boolean);
  // Any part of the field's path, in any case: "leverId" is fields.leverId.en-US's key.
  const named = (field: string | undefined) =>
    field !== undefined &&
    field
      .split('.')
      .map(normalise)
      .some((part) => part.length > 1 && saidWords.some((w) => w === part || w === `${part}s`));
  // A person is known by their email; any other record (an order, a ticket) by its own id or
  // number, since one customer's email is on many orders.
  const person = PERSON_RECORD.test(read.resource.name);
  const ownKey = (r: FieldRule) =>
    r.from === read.resource.idField ||
    /^(?:number|num|no|(?:order|invoice|ticket|issue|deal|case|po|receipt)_?(?:number|num|no|id|key))$/i.test(
      r.from ?? '',
    );
  return (
    rules.find((r) => named(r.to) || named(r.from)) ??
    (person ? undefined : rules.find(ownKey)) ??
    rules.find((r) => conceptOf(r.to) === 'email') ??
    rules.find((r) => conceptOf(r.to) === 'externalid') ??
    rules.find((r) => conceptOf(r.to) === 'name') ??
    rules[0]
  );
}

/** How a prompt says what records are compared by ("match on phone", "with the same email"). */
const COMPARES = String.raw`match\w* (?:on|by|using)|(?:with|has|have|having) the same|same`;
/** …and what an upsert is keyed on ("upsert on email", "keyed by sku"). */
const KEYED = String.raw`upsert\w* (?:on|by)|keyed (?:on|by)`;

/** The words after the prompt's phrases that say what records are compared by. */
function comparedBy(lower: string, phrases: string): string[] {
  const pattern = new RegExp(String.raw`\b(?:${phrases}) (?:the |their |its )?(\w+)`, 'g');
  return [...lower.matchAll(pattern)].map((c) => c[1] ?? '');
}

/** Whether the prompt names the key's field where it says how records match. */
function matchedBy(lower: string, key: FieldRule): boolean {
  const said = comparedBy(lower, `${COMPARES}|${KEYED}`).map(normalise);
  return [key.to, key.from ?? ''].some((field) =>
    field.split('.').some((part) => said.includes(normalise(part))),
  );
}
