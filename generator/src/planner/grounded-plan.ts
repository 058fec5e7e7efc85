import type { TApiDescription, TOperation, TResource } from '@patchbay/schema';
import { planNamedContainers } from './named-containers.ts';
import { planRecordTypeWord } from './record-type-word.ts';
import { applyCodedValues, planCodedFixedValues } from './coded-values.ts';
import { leaves, normalise } from './field-match.ts';
import { readPrompt } from '../reader/read-prompt.ts';
import { readingSchedule } from '../reader/read-schedule.ts';
import { requestUsedFields } from './requested-fields.ts';
import { propertyTypesRead } from './property-types.ts';
import { withoutTemplates } from './templates.ts';
import type { GroundedInput, GroundedPlan, PlannedCall, RelatedRead, Side } from './plan-types.ts';
import { resourceNames, splitIndex } from './resource-words.ts';
import { pickResource, WRITE_KINDS } from './choose-operations.ts';
import type { WrittenCalls } from './written-calls.ts';
import { planRead } from './plan-read.ts';
import { planWrite, recordSchema } from './plan-write.ts';
import { planMapping } from './plan-mapping.ts';
import { scaleAmounts } from './amount-units.ts';
import { convertDurations } from './duration-units.ts';
import { planAllDayEvents } from './all-day-events.ts';
import { planAllowedValues } from './allowed-values.ts';
import { columnValues, namesDestinationField, propertyPath } from './open-properties.ts';
import { quotedColumnMappings, userColumns } from './named-columns.ts';
import { statedMappings, ungroundedMappings } from './stated-mappings.ts';
import { extendListedValues, planFilters } from './plan-filters.ts';
import { askListForFilteredValues, liftDefaultWindow } from './list-choices.ts';
import { withoutValueConditions } from './value-conditions.ts';
import { chosenValueFields, planChosenValues } from './plan-chosen-values.ts';
import { withoutEmptyDigest } from './empty-digest.ts';
import { blockContradictions } from './contradictions.ts';
import { escapeRegExp } from './text.ts';
import { planCursor, planDedupe } from './plan-cursor-dedupe.ts';
import { planOrder, sortOrder } from './plan-order.ts';
import {
  type ValuePair,
  namesFields,
  planValueTable,
  tableRows,
  withoutRows,
} from './plan-value-tables.ts';
import { refusedRecordsSkipped } from './refused-records.ts';
import { planRelated, relatedCandidates, withRelated } from './related-records.ts';
import { planMessage, planMessageText } from './plan-message.ts';

// The grounded template generator's reading (ADR 015): the prompt's nouns pick a
// resource on each side, its verbs pick the operations, and the two schemas give the field
// mapping, filters, cursor and de-duplication key. Everything it cannot ground in the
// descriptions goes into `unresolved`; what would make the code write wrong data (a required
// field nothing fills, a resource the prompt does not name) also goes into `blocking`, and the
// generated code refuses to run with ctx.NonRetryableError instead of guessing.
// planGrounded assembles the plan from the modules beside it: choose-operations, plan-read,
// plan-write, plan-mapping, plan-filters and plan-cursor-dedupe (types in plan-types.ts).

// ── The plan ────────────────────────────────────────────────────────────────────────────────

export function planGrounded(
  input: GroundedInput,
  sourceDescription: TApiDescription,
  destinationDescription: TApiDescription,
  written: WrittenCalls = {},
): GroundedPlan {
  // Lines stay lines: a pasted spec ends a template or a list at the end of its line, and a
  // blank line ends a paragraph (a message's text written under its label).
  const text = input.userPrompt
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const lower = text.toLowerCase();
  const reading = readPrompt(input.userPrompt, input);
  const split = splitIndex(text, input);
  const plan: GroundedPlan = {
    destinationDescription,
    sourceName: input.sourceApiName.trim().toLowerCase(),
    destinationName: input.destApiName.trim().toLowerCase(),
    source: undefined,
    destination: undefined,
    filters: [],
    cursor: undefined,
    dedupe: undefined,
    understood: [],
    assumptions: [],
    unresolved: [],
    blocking: [],
    calls: [],
    lookups: [],
    remember: false,
    ...(reading.schedule ? { schedule: readingSchedule(reading.schedule) } : {}),
  };
  const block = (message: string) => {
    plan.unresolved.push(message);
    plan.blocking.push(message);
  };

  let relatedReads: RelatedRead[] = [];
  let listedResource: TResource | undefined;
  // Source: the call the prompt writes out, else the resource it names before the destination
  // part, with a list operation.
  const sourcePick = written.source
    ? { resource: written.source.resource, named: true }
    : pickResource(sourceDescription, text, [0, split], ['list', 'search'], undefined);
  const messaging = destinationDescription.messaging;
  const messagingOp = messaging
    ? destinationDescription.resources
        .flatMap((r) => r.operations)
        .find((op) => op.id === messaging.operationId)
    : undefined;
  const destinationPick = written.destination
    ? { resource: written.destination.resource, named: true }
    : pickResource(
        destinationDescription,
        text,
        [split, text.length + 1],
        WRITE_KINDS,
        sourcePick?.resource,
      );

  if (!sourcePick) {
    block(`${sourceDescription.name} has no list operation to read from`);
  } else {
    plan.source = planRead(
      text,
      sourceDescription,
      sourcePick.resource,
      plan,
      block,
      written.source,
    );
    // The mapping may read inside records the prompt names by an id field ("the customer's email").
    relatedReads = relatedCandidates(text, sourceDescription, plan.source);
    listedResource = plan.source.resource;
    plan.source.resource = withRelated(plan.source.resource, relatedReads);
    if (!sourcePick.named) {
      plan.assumptions.push(
        `The prompt names no ${sourceDescription.name} resource: reading ${sourcePick.resource.plural}, its first one.`,
      );
    }
  }

  // Destination: a chat API gets a message unless the prompt names another resource it can write.
  const wantsMessage =
    messagingOp !== undefined &&
    (!written.destination || written.destination.operation === messagingOp) &&
    (!destinationPick?.named ||
      destinationPick.resource.operations.includes(messagingOp) ||
      /#|\b(message|notify|tell|alert|ping|announce|post|e-?mail|mail|text|sms)\b/.test(lower));
  if (wantsMessage && messagingOp && messaging) {
    plan.destination = planMessage(
      text,
      destinationDescription,
      messaging,
      messagingOp,
      plan,
      block,
    );
  } else if (!destinationPick) {
    block(`${destinationDescription.name} has no operation that creates records`);
  } else {
    plan.destination = planWrite(
      text,
      destinationDescription,
      destinationPick.resource,
      plan,
      block,
      lower,
      written.destination,
    );
    if (!destinationPick.named) {
      plan.assumptions.push(
        `The prompt names no ${destinationDescription.name} resource: writing ${destinationPick.resource.plural}` +
          `${sourcePick && resourceNames(destinationPick.resource).some((n) => resourceNames(sourcePick.resource).includes(n)) ? ` (what ${destinationDescription.name} calls ${sourcePick.resource.plural})` : ''}.`,
      );
    }
  }

  const goOn = plan.destination && refusedRecordsSkipped(text);
  if (plan.destination && goOn && plan.destination.kind !== 'message') {
    plan.destination.onRefused = 'skip';
    plan.understood.push(
      `A record ${destinationDescription.name} refuses is logged and skipped, and the run goes on ("${goOn}").`,
    );
  }

  if (plan.source && plan.destination) {
    // "asana -> trello", "contacts -> customers": arrows between APIs or resources, not fields.
    const names = new Set(
      [input.sourceApiName, input.destApiName, sourceDescription.id, destinationDescription.id]
        .concat(resourceNames(plan.source.resource), resourceNames(plan.destination.resource))
        .map((n) => normalise(n)),
    );
    const mappings = reading.mappings.filter(
      (m) => !names.has(normalise(m.from)) && !names.has(normalise(m.to)),
    );
    // "with Name as name": the side that is a field of the source records is the source,
    // whichever way round the prompt wrote it.
    // A field is named by its path or any end of it: `location.city` is Klaviyo's
    // `attributes.location.city`.
    const ends = (path: string) =>
      path.split('.').map((_, i, parts) => normalise(parts.slice(i).join('.')));
    const sourceNames = new Set(leaves(plan.source.resource.schema).flatMap((l) => ends(l.path)));
    const sourcePaths = leaves(plan.source.resource.schema);
    const destinationLeaves = leaves(recordSchema(plan.destination));
    for (const [i, m] of mappings.entries()) {
      const swapped =
        !sourceNames.has(normalise(m.from)) && sourceNames.has(normalise(m.to))
          ? { ...m, from: m.to, to: m.from }
          : m;
      // "Company" is HubSpot's `properties.company`: the source side as its full path.
      const leaf =
        sourcePaths.find((l) => normalise(l.path) === normalise(swapped.from)) ??
        sourcePaths.find((l) => ends(l.path).includes(normalise(swapped.from)));
      // "Close date -> Closed On" from a Notion page: one of the database's own properties,
      // when the other side is a field of the destination (or one of its own columns).
      const property =
        !leaf &&
        namesDestinationField(
          m.to,
          destinationLeaves,
          plan.destination.resource,
          recordSchema(plan.destination),
        )
          ? propertyPath(plan.source.resource, m.from, text)
          : undefined;
      mappings[i] = leaf
        ? { ...swapped, from: leaf.path }
        : property
          ? { ...m, from: property }
          : swapped;
    }
    // A table written one pair a line: its rows, whole, replace the word pairs read from them.
    // Rows that map fields ("Issue title -> name") make no value table: when half of them
    // name a field of the source on the left or of the destination on the right.
    const tables = tableRows(text).filter(
      (rows) => rows.filter((row) => namesFields(row, plan)).length * 2 < rows.length,
    );
    // Either way round: "Web → project 12" reads as the mapping project → Web too.
    const inRow = (from: string, to: string) =>
      tables.some((rows) =>
        rows.some(
          (row) =>
            new RegExp(`\\b${escapeRegExp(from)}$`, 'i').test(row.from) &&
            new RegExp(`^${escapeRegExp(to)}\\b`, 'i').test(row.to),
        ),
      );
    const inTable = (m: { from: string; to: string }) => inRow(m.from, m.to) || inRow(m.to, m.from);
    for (const pair of mappings.filter(inTable)) mappings.splice(mappings.indexOf(pair), 1);
    // "sev1 → Critical, sev2 → Major": pairs of values, a table for some field, not field mappings.
    const values = mappings.filter(
      (m) => !sourcePaths.some((l) => l.path === m.from) && !/[_.]/.test(m.from + m.to),
    );
    for (const pair of values) mappings.splice(mappings.indexOf(pair), 1);
    const destinationFields = destinationLeaves.map((l) => l.path);
    // Fields the prompt wants as a day ("Due -> Due date (only the date)").
    const asDays = new Set<string>();
    // The words each stated mapping reads from ("the duration in hours"), by destination field.
    const statedWords = new Map<string, string>();
    const ownColumns = userColumns(plan.destination.resource, plan.destination.container);
    for (const stated of statedMappings(
      text,
      plan.source.resource,
      input.sourceApiName,
      destinationFields,
      ownColumns,
    )) {
      if (stated.format) asDays.add(normalise(stated.to));
      statedWords.set(stated.to, stated.fromWords);
      if (mappings.some((m) => normalise(m.to) === normalise(stated.to))) continue;
      if (inTable(stated)) continue;
      mappings.push(stated);
      // A pair the sentence reader cut out of it ("date → Closed" inside "Close date ->
      // Closed On") is this mapping, not a row of a value table.
      for (const pair of values.filter(
        (v) => stated.phrase.includes(v.from) && stated.phrase.includes(v.to),
      ))
        values.splice(values.indexOf(pair), 1);
    }
    for (const gap of ungroundedMappings(text, plan.source.resource, input.sourceApiName)) {
      if (mappings.some((m) => normalise(m.to) === normalise(gap.to))) continue;
      // A row of a value table is a value, not a field (the table is applied or named below).
      if ([values, ...tables].flat().some((v) => normalise(v.to) === normalise(gap.to))) continue;
      if (inTable({ from: gap.fromWords, to: gap.to })) continue;
      // "zendesk tickets -> linear issues": an arrow between APIs or their records, no field.
      if ([...names].some((name) => name && normalise(gap.to).includes(name))) continue;
      plan.unresolved.push(
        `field ${gap.to}: ${plan.source.resource.plural} have no field "${gap.fromWords}" ("${gap.phrase}")`,
      );
    }
    planAllDayEvents(text, plan);
    planMapping(text, mappings, plan, block);
    planNamedContainers(text, plan, sourceDescription);
    planRecordTypeWord(text, plan, input.destApiName);
    for (const rule of plan.destination.rules)
      if (rule.from && !rule.format && asDays.has(normalise(rule.to))) rule.format = 'date';
    for (const { to, value, phrase } of columnValues(
      text,
      plan.destination.resource,
      leaves(plan.source.resource.schema),
    )) {
      if (plan.destination.rules.some((r) => normalise(r.to) === normalise(to))) continue;
      plan.destination.rules.push({ to, value, type: 'string', reason: 'the prompt' });
      plan.understood.push(`${to} is "${value}" for every record ("${phrase}").`);
    }
    scaleAmounts(text, plan);
    convertDurations(plan, statedWords);
    // A quoted column with a field of the records to fill it that no rule writes (a
    // monday.com column, keyed by its id) is a gap, not a column silently left out.
    const quoted = new Set(quotedColumnMappings(text).map((c) => normalise(c.to)));
    const write = plan.destination;
    if (write.kind !== 'message' && write.container?.kind !== 'values-array')
      for (const asked of statedMappings(
        text,
        plan.source.resource,
        input.sourceApiName,
        destinationFields,
        true,
      ).filter((m) => quoted.has(normalise(m.to)))) {
        const written = write.rules.some(
          (r) =>
            r.from === asked.from ||
            [r.to, r.to.split('.').at(-1) ?? ''].some(
              (to) => normalise(to) === normalise(asked.to),
            ),
        );
        if (!written)
          block(`the column "${asked.to}" the prompt names: nothing in the plan writes it`);
      }
    // One arrow between words is the flow ("since last run -> one message each"), not a table.
    const applied: ValuePair[][] = [];
    for (const table of values.length > 1 ? [...tables, values] : tables) {
      if (planValueTable(text, table, plan)) {
        applied.push(table);
        continue;
      }
      plan.unresolved.push(
        `value table ${table.map((m) => `${m.from} → ${m.to}`).join(', ')}: which field it translates is not understood, so it is not applied`,
      );
    }
    planAllowedValues(text, plan);
    if (plan.destination?.message) planMessageText(text, plan);
    const chosen = chosenValueFields(plan);
    // A condition that picks a field's value leaves no records out.
    const chosenPhrases = planChosenValues(text, plan).map((p) => p.toLowerCase());
    applyCodedValues(plan);
    planCodedFixedValues(text, plan);
    const kept = reading.filters.filter(
      (f) => !chosenPhrases.some((p) => p.includes(f.phrase.toLowerCase())),
    );
    const conditions = withoutEmptyDigest(
      withoutValueConditions(
        withoutTemplates(withoutRows(text, applied), plan.source.resource),
        chosen.fields,
        chosen.open,
      ),
      plan.source.resource,
    );
    planFilters(conditions, { ...reading, filters: kept }, plan);
    extendListedValues(conditions.toLowerCase(), plan);
    askListForFilteredValues(plan);
    blockContradictions(plan, block);
    if (listedResource) planRelated(text, plan, relatedReads, listedResource);
    planCursor(lower, reading, plan);
    liftDefaultWindow(plan);
    plan.sort = planOrder(conditions, plan);
    if (plan.sort)
      plan.understood.push(`Records are written ${sortOrder(plan.sort)} ("${plan.sort.phrase}").`);
    planDedupe(lower, plan);
    requestUsedFields(plan);
  }
  plan.calls = plannedCalls(plan, destinationDescription);
  return plan;
}

/** The calls a plan makes, in the order the code makes them: read, dedupe, lookups, write. */
export function plannedCalls(
  plan: Pick<GroundedPlan, 'source' | 'dedupe' | 'lookups' | 'destination'>,
  destinationDescription: TApiDescription | undefined,
): PlannedCall[] {
  const types = propertyTypesRead(plan.destination, destinationDescription);
  const call = (side: Side, operation: TOperation): PlannedCall => ({
    side,
    operationId: operation.id,
    method: operation.method,
    path: operation.path,
  });
  return [
    ...(plan.source ? [call('source', plan.source.operation)] : []),
    ...(plan.source?.related ?? []).map((r) => call('source', r.operation)),
    ...(plan.dedupe ? [call('destination', plan.dedupe.operation)] : []),
    ...plan.lookups.map((lookup) => call('destination', lookup.operation)),
    ...(types ? [call('destination', types.operation)] : []),
    ...(plan.destination ? [call('destination', plan.destination.operation)] : []),
    ...(plan.dedupe?.update ? [call('destination', plan.dedupe.update.operation)] : []),
  ];
}
