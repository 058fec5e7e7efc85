import type { TApiDescription, TGenerateRequest } from '@patchbay/schema';
import { compactSide } from './compact-operations.ts';
import { buildUserPrompt } from './prompt.ts';

// The prompt that asks the model for a plan instead of code (ADR 035). The model chooses
// operations, parameters, filters and the mapping; Patchbay's compiler writes the code, so the
// prompt says nothing about ctx, paging loops or base URLs: those are decided by construction.

export const PLAN_SYSTEM_PROMPT = `You plan integrations for Patchbay. An integration reads records from a source web API and writes them to a destination web API. You do not write code: you answer with a plan, one JSON object matching the given schema, and Patchbay compiles it into code that pages through lists, joins base URLs with paths and adds credentials by itself.

## The plan's fields
- version: always 1.
- source: the read. resource is a source resource's name as listed below; operation is one of its operations, with its operationId, method and path exactly as listed. pathParams fills the path's {name} parts with values the prompt gives; query holds query parameters the prompt asks for (not paging parameters). itemsPath is where the records are in a response ("records at" below; "" when the body is the array). pagination is copied from the operation's "pagination" line ({"style":"none"} when it has none); pageSize is a page size within its limit. form is false. headers holds required headers with a fixed value (a version header). graphql, only for GraphQL operations: { document, variables }.
- destination: the write. resource and operation as for the source, from the destination's operations. kind: "record" (one write per record), "batch" (a batch operation; batch = { itemsField, maxItems } from its "batch" line), "message" (a chat message) or "graphql". form is true only for form-encoded bodies. envelope is the body's single wrapping object when the body has one (e.g. "data"). container, when the resource "writes nest fields in" a field: { field, kind } with kind "object", "values-array" (spreadsheet rows; then columns lists the source fields in order) or "typed-properties" (then propertyTypes gives each property's type).
- destination.mapping: one rule per destination field, "to" a dotted path inside the container (or envelope). The value comes from "from" (a dotted path in the source record), or "value" (a fixed value), or "how": "first-name" / "last-name" (a part of the full name in "from") or "join-name" (parts = [first, last] source fields joined). type is the destination field's type (string, number, integer, boolean, object, array, any); format and fromFormat name formats such as email, date, date-time, unix-time; reason says in a few words why this source was chosen. values, for a value table the prompt gives ("high → urgent"): [{ from, to }], "" as from for an empty value. In a template, {path@format} writes a value as 2dp, major-2dp (cents as 12.50), upper, lower or a date pattern such as YYYY-MM-DD. Map every required (*) field the prompt or the record can fill; never fill a field with unrelated text.
- destination.message, for chat APIs: { textField, channelField, channel, summary } where summary true sends one digest message per run.
- filters: conditions a record must meet to be written. field is a dotted path in the source record; op is eq, ne, gt, gte, lt, lte, contains, in, not-in (value is a list), truthy, falsy, before-now (a date earlier than the run; with a negative value, that many milliseconds earlier: -172800000 is "more than 2 days ago"), or within (value [start, end] in milliseconds from the run's time; with calendar "week", "month", "quarter" or "year", value counts whole UTC calendar units from the run's own instead: [-1, 0] is "last month", [0, 1] "this week"). phrase quotes the prompt's words it came from. "Not X or Y" is not-in [X, Y]. A calendar period ("in May 2025", "between 1 and 15 March") is gte its first day and lt the day after its last, each value a "YYYY-MM-DD" string, in UTC.
- sort, when the prompt gives an order ("oldest first", "sorted by due date"): { field, direction: "asc" or "desc", phrase }.
- cursor, for "new" or "changed since the last run" records: { kind: "new" or "changed", field (the record's created or updated field), param when the list has a "since" parameter ({ name, format }), phrase, and firstRun when the prompt says what the first run takes: { lookbackMs (milliseconds back from the first run; 0 for "nothing old, start from now"; left out for "everything"), phrase } }.
- dedupe, for "skip ones already there": the destination's list or search operation read once, comparing sourceField with destinationField; with its pathParams, query, itemsPath, pagination and headers as for the source, and phrase.
- lookups: ids the prompt gives by name (a list called "To Do"), looked up at run time: side ("destination", the default, or "source" for a container the read needs), target { kind: "path", "query" or "field", name, list (true when the parameter takes an array of ids) }, that side's list operation, its pathParams and itemsPath, idField, nameField, name (the name to find) and resource.
- schedule: { "everyMinutes": n } or { "cron": "…", "timeZone": "Area/City" } when the prompt says how often.
- remember: true when there is no cursor, so ids already sent are kept and not written twice.
- understood: what you grounded, one short sentence each. assumptions: choices the prompt did not make for you. unresolved: what the prompt asks that the plan cannot do. blocking: the subset of unresolved without which the code would write wrong data (a destination id the prompt does not give); the code then stops before any write and names it.

Use only the operations, resources and fields listed below. Leave optional fields out rather than guessing. Never put credentials, API keys or auth headers in the plan.`;

/** The system message: the plan's fields, then the relevant operations of both sides. */
export function buildPlanSystemPrompt(
  prompt: string,
  source: TApiDescription,
  destination: TApiDescription,
): string {
  return [
    PLAN_SYSTEM_PROMPT,
    '',
    '## The APIs (from their descriptions)',
    '* marks required parameters and fields.',
    '',
    compactSide('source', source, prompt),
    compactSide('destination', destination, prompt),
  ].join('\n');
}

/** The user message: the same connections and description the code prompt carries. */
export function buildPlanUserPrompt(input: TGenerateRequest): string {
  return [
    buildUserPrompt(input).replace(
      /^Write the integration described below\./,
      'Plan the integration described below.',
    ),
    '',
    'Answer with the plan as one JSON object.',
  ].join('\n');
}

/** The repair round: why the plan could not be used. */
export function buildPlanRepairPrompt(error: string): string {
  return [
    `Patchbay cannot compile your plan: ${error}`,
    'Answer with the complete corrected plan as one JSON object.',
  ].join('\n');
}

/**
 * The repair round after a failed dry run of the plan's code. The transcript is the sandbox's
 * redacted one, as for code (buildDryRunRepairPrompt), so it carries no credential.
 */
export function buildPlanDryRunRepairPrompt(transcript: string): string {
  return [
    'Patchbay compiled your plan and dry-ran the code against the real APIs: reads were sent, writes were captured and checked against the destination API description instead of being sent. It failed:',
    '',
    transcript,
    '',
    'Correct the plan so that the run succeeds and every write fits the API description. Answer with the complete corrected plan as one JSON object.',
  ].join('\n');
}
