import type { WrittenCall } from './written-calls.ts';
import type { TApiDescription, TFieldSchema, TOperation, TResource } from '@patchbay/schema';
import { type FieldLeaf, type FieldRule, leaves } from './field-match.ts';
import { type PromptTemplate, readTemplates, templateTarget } from './templates.ts';
import { fixedTag, fixedValues } from './fixed-values.ts';
import { upsertSetting } from './upsert-setting.ts';
import { singular } from './resource-words.ts';
import { type GroundedPlan, type WritePlan } from './plan-types.ts';
import { hintsFor, idFromPrompt, paramValue, useLookup, usualValue } from './prompt-ids.ts';
import { envelopeOf, requiredHeaders, requiredParams } from './choose-operations.ts';

// How the destination is written: the create, upsert, update, batch or message operation the
// prompt's verbs ask for, its parameters and headers, the record schema the body takes, and the
// templates the prompt writes for a field.

export function planWrite(
  text: string,
  description: TApiDescription,
  resource: TResource,
  plan: GroundedPlan,
  block: (message: string) => void,
  lower: string,
  written?: WrittenCall,
): WritePlan {
  const wantsUpdate = /\b(update|updates|upsert|sync|mirror|keep .* in sync)\b/.test(lower);
  const wantsBatch = /\b(batch|batches|bulk|at once|in one (request|call))\b/.test(lower);
  const find = (kind: string) => resource.operations.find((op) => op.kind === kind);
  let operation =
    written?.operation ||
    // "upsert … in batches": the batch upsert, when its body can say what to match on.
    (wantsBatch &&
    wantsUpdate &&
    find('batch-upsert') &&
    upsertSetting(find('batch-upsert') as TOperation)
      ? find('batch-upsert')
      : undefined) ||
    (wantsBatch && (find('batch-create') ?? find('batch-upsert'))) ||
    (wantsUpdate &&
    find('upsert') &&
    !find('upsert')?.params.some((p) => p.in === 'path' && p.required)
      ? find('upsert')
      : undefined) ||
    find('create') ||
    find('send') ||
    find('upsert') ||
    find('batch-create') ||
    find('batch-upsert') ||
    find('update') ||
    find('batch-update');
  operation = operation as TOperation;
  const pathParams: Record<string, string> = {};
  for (const name of requiredParams(operation, 'path')) {
    const tab = name === 'range' ? sheetTab(text) : undefined;
    const value =
      written?.params[name] ??
      paramValue(text, name, operation.path, description) ??
      (tab ? tabRange(tab) : undefined) ??
      (name === 'calendarId' ? 'primary' : name === 'range' ? 'A1' : undefined);
    if (tab) plan.understood.push(`Rows go to the tab "${tab}" ({${name}} is ${tabRange(tab)}).`);
    if (value === 'primary' || value === 'A1')
      plan.assumptions.push(
        `{${name}} is ${value}: ${name === 'range' ? 'rows are appended after the table on the first sheet' : 'the primary calendar'}.`,
      );
    const usual = value ? undefined : usualValue(text, name, operation.path, description, plan);
    if (value) pathParams[name] = value;
    else if (usual) pathParams[name] = usual;
    else if (useLookup(text, description, { kind: 'path', name }, operation.path, plan)) {
      pathParams[name] = '';
    } else
      block(
        `the ${hintsFor(name, operation.path).join(' ') || name} to write ${resource.plural} to (${operation.path} needs {${name}}; name it in the prompt, e.g. "${hintsFor(name, operation.path)[0] ?? name} 12345")`,
      );
  }
  const query: Record<string, string> = {};
  for (const param of operation.params.filter((p) => p.in === 'query' && p.required)) {
    const value =
      idFromPrompt(text, hintsFor(param.name)) ??
      (param.schema.enum?.includes('USER_ENTERED')
        ? 'USER_ENTERED'
        : (param.schema.enum?.[0] as string | undefined));
    if (value !== undefined) query[param.name] = String(value);
    else
      block(
        `a value for the ${param.name} query parameter of ${operation.method} ${operation.path}`,
      );
  }
  const headers = requiredHeaders(operation, plan.unresolved, description, text);
  const schema = operation.body?.schema;
  const batch = operation.batch && {
    ...operation.batch,
    maxItems: Math.min(operation.batch.maxItems, statedBatchSize(lower) ?? Infinity),
  };
  const container = resource.container;
  const envelope = batch ? undefined : envelopeOf(schema, container?.field);
  const kind: WritePlan['kind'] = operation.graphql ? 'graphql' : batch ? 'batch' : 'record';
  plan.understood.push(
    `Write: ${batch ? `batches of up to ${batch.maxItems} ${resource.plural}` : container?.kind === 'values-array' ? 'one row per record, appended together' : `one ${resource.name} per record`} ` +
      `with ${operation.method} ${operation.path} (${operation.id}) on ${description.name}` +
      `${operation.body?.contentType === 'form' ? ', form-encoded' : ''}${operation.graphql ? ', as a GraphQL mutation' : ''}.`,
  );
  return {
    resource,
    operation,
    kind,
    pathParams,
    query,
    headers,
    envelope,
    container,
    form: operation.body?.contentType === 'form',
    rules: [],
    batch: batch ? { itemsField: batch.itemsField, maxItems: batch.maxItems } : undefined,
  };
}

/**
 * The rules that copy one source field as it is (no template, table or name part), each with
 * the source field and, where described, the destination field: what a conversion between
 * units looks at (amount-units.ts, duration-units.ts).
 */
export function plainCopies(
  plan: GroundedPlan,
): Array<{ rule: FieldRule; from: FieldLeaf; to: FieldLeaf | undefined }> {
  if (!plan.source || !plan.destination) return [];
  const sourceLeaves = leaves(plan.source.resource.schema);
  const targetLeaves = leaves(recordSchema(plan.destination));
  return plan.destination.rules.flatMap((rule) => {
    if (!rule.from || rule.how || rule.values || rule.template !== undefined) return [];
    const from = sourceLeaves.find((l) => l.path === rule.from);
    return from ? [{ rule, from, to: targetLeaves.find((l) => l.path === rule.to) }] : [];
  });
}

/** The record schema a write takes: the body, inside its envelope, container or batch item. */
export function recordSchema(write: WritePlan): TFieldSchema | undefined {
  let schema = write.operation.body?.schema;
  // GraphQL: the variables are the record ({ input: { title, teamId } }).
  if (write.kind === 'graphql') return schema?.properties?.variables;
  if (write.batch) schema = schema?.properties?.[write.batch.itemsField]?.items;
  if (write.envelope) schema = schema?.properties?.[write.envelope];
  if (write.container) {
    const inner = schema?.properties?.[write.container.field];
    if (write.container.kind === 'values-array') return undefined;
    return inner?.properties && Object.keys(inner.properties).length > 0
      ? inner
      : (write.resource.schema.properties?.[write.container.field] ?? inner);
  }
  return schema;
}

/** A template the prompt writes for a record's text field, as that field's rule. */
export function templateRules(
  text: string,
  resource: TResource,
  targets: FieldLeaf[],
  required: Set<string>,
  plan: GroundedPlan,
): FieldRule[] {
  const rules: FieldRule[] = [];
  for (const template of readTemplates(text, resource)) {
    const target = templateTarget(template.lead, targets, required);
    if (!target || rules.some((r) => r.to === target.path)) continue;
    rules.push({
      to: target.path,
      template: template.template,
      type: 'string',
      reason: 'the prompt’s template',
    });
    noteTemplate(template, target.path, plan);
  }
  for (const { target, value } of fixedValues(text, targets, resource)) {
    if (rules.some((r) => r.to === target.path)) continue;
    rules.push({ to: target.path, value, type: 'string', reason: 'the prompt' });
    plan.understood.push(`${target.path} is "${value}" for every record.`);
  }
  const tag = fixedTag(text, targets);
  if (tag && !rules.some((r) => r.to === tag.target.path)) {
    rules.push({ to: tag.target.path, value: tag.value, type: 'array', reason: 'the prompt' });
    const noun = singular(tag.target.path.split('.').at(-1) ?? 'tag').replace(/_names?$/, '');
    plan.understood.push(
      `Every ${plan.destination?.resource.name ?? 'record'} gets the ${noun} "${tag.value}".`,
    );
  }
  return rules;
}

export function noteTemplate(template: PromptTemplate, target: string, plan: GroundedPlan): void {
  plan.understood.push(`${target} is written as "${template.template}".`);
  for (const words of template.unmatched)
    plan.unresolved.push(
      `the "<${words}>" in "${template.written}": no field of ${plan.source?.resource.plural ?? 'the records'} is called that, so it is left empty`,
    );
}

/** The tab of a spreadsheet the prompt names: 'the "Refunds" tab', 'tab "Q3"', 'worksheet Leads'. */
export function sheetTab(text: string): string | undefined {
  const m =
    /["“'`]([^"”'`\n]{1,60})["”'`]\s+(?:tab|worksheet)\b/i.exec(text) ??
    /\b(?:tab|worksheet)\s+(?:called\s+|named\s+)?["“'`]([^"”'`\n]{1,60})["”'`]/i.exec(text) ??
    /\b(?:tab|worksheet)\s+(?:called|named)\s+([\w-]{1,60})/i.exec(text) ??
    // "tab Refunds", "worksheet Q3": a capitalised name right after the word.
    /\b(?:[Tt]ab|[Ww]orksheet)\s+(\p{Lu}[\p{L}\p{N}_-]{1,59})\b/u.exec(text) ??
    /\b(?:the|our|a)\s+([A-Z][\w-]{0,59})\s+(?:tab|worksheet)\b/.exec(text);
  return m?.[1]?.trim() || undefined;
}

/** A1 notation for a tab's first cell: names other than plain words are quoted, quotes doubled. */
function tabRange(tab: string): string {
  return /^[A-Za-z_][\w]*$/.test(tab) ? `${tab}!A1` : `'${tab.replace(/'/g, "''")}'!A1`;
}

/** "in batches of 25", "at most 10 per request": how many records the prompt puts in one call. */
function statedBatchSize(lower: string): number | undefined {
  const m =
    /\bbatch(?:es)? of (?:up to |at most )?(\d+)\b/.exec(lower) ??
    /\b(?:up to |at most )?(\d+) (?:(?!times|retries|attempts|tries)[a-z]+ )?(?:per|a|each) (?:call|request|batch)\b/.exec(
      lower,
    );
  const size = Number(m?.[1]);
  return size >= 1 ? size : undefined;
}
