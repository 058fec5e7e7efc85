import {
  FILTER_OPS,
  templatePaths,
  type TApiDescription,
  type TFieldSchema,
  type TFilterOp,
  type TGenerationPlan,
  type TMappingRule,
  type TOperation,
  type TPlanWrite,
  type TResource,
} from '@patchbay/schema';

// What the Plan tab's selects offer, worked out from the two API descriptions and the plan
// schema's own enums (ADR 034): the fields of a record,
// the operators that fit a field, the destination fields in the order a person fills them. Pure,
// so the rules are tested without a browser.

/** One field of a record, by its dotted path, as the description types it. */
export interface FieldOption {
  path: string;
  type: TFieldSchema['type'];
  format?: string | undefined;
  enum?: readonly (string | number | boolean)[] | undefined;
  required: boolean;
}

/**
 * The fields of a record schema, dotted, two levels deep (an array of objects reaches its first
 * item as `.0`, the way the generated code reads `emails.0.value`). Objects with fields of their
 * own are walked into rather than offered: a value goes in a field, not over a whole object.
 */
export function schemaFields(schema: TFieldSchema | undefined, maxDepth = 2): FieldOption[] {
  const out: FieldOption[] = [];
  const walk = (node: TFieldSchema, prefix: string, depth: number, required: boolean) => {
    for (const [name, child] of Object.entries(node.properties ?? {})) {
      const path = prefix ? `${prefix}.${name}` : name;
      const isRequired = required && (node.required ?? []).includes(name);
      const nested =
        child.type === 'object' && child.properties && Object.keys(child.properties).length > 0;
      const items = child.type === 'array' && child.items?.type === 'object' ? child.items : null;
      if (nested && depth < maxDepth) walk(child, path, depth + 1, isRequired);
      else if (items?.properties && depth < maxDepth) walk(items, `${path}.0`, depth + 1, false);
      else
        out.push({
          path,
          type: child.type,
          ...(child.format ? { format: child.format } : {}),
          ...(child.enum ? { enum: child.enum } : {}),
          required: isRequired,
        });
    }
  };
  if (schema) walk(schema, '', 1, true);
  return out;
}

export function findResource(
  description: TApiDescription | null | undefined,
  name: string | undefined,
): TResource | undefined {
  return description?.resources.find((resource) => resource.name === name);
}

export function findOperation(
  description: TApiDescription | null | undefined,
  operationId: string | undefined,
): { resource: TResource; operation: TOperation } | undefined {
  for (const resource of description?.resources ?? []) {
    const operation = resource.operations.find((op) => op.id === operationId);
    if (operation) return { resource, operation };
  }
  return undefined;
}

/** The operations a read can use: each resource's list and search operations. */
export function readOperations(description: TApiDescription | null | undefined) {
  return (description?.resources ?? []).flatMap((resource) =>
    resource.operations
      .filter((op) => op.kind === 'list' || op.kind === 'search')
      .map((operation) => ({ resource, operation })),
  );
}

const WRITE_OPERATION_KINDS: ReadonlySet<TOperation['kind']> = new Set([
  'create',
  'update',
  'upsert',
  'send',
  'batch-create',
  'batch-update',
  'batch-upsert',
]);

/** The operations a write can use. */
export function writeOperations(description: TApiDescription | null | undefined) {
  return (description?.resources ?? []).flatMap((resource) =>
    resource.operations
      .filter((op) => WRITE_OPERATION_KINDS.has(op.kind))
      .map((operation) => ({ resource, operation })),
  );
}

/** The query parameters a person sets; paging and the cursor's own parameters are the code's. */
export function editableQueryParams(operation: TOperation | undefined, plan: TGenerationPlan) {
  const pagination = plan.source?.pagination;
  const owned = new Set<string>(
    [
      pagination && 'cursorParam' in pagination ? pagination.cursorParam : undefined,
      pagination && 'limitParam' in pagination ? pagination.limitParam : undefined,
      pagination && 'pageParam' in pagination ? pagination.pageParam : undefined,
      pagination && 'sizeParam' in pagination ? pagination.sizeParam : undefined,
      pagination && 'offsetParam' in pagination ? pagination.offsetParam : undefined,
      plan.cursor?.param?.name,
      plan.source?.sinceIdParam,
    ].filter((name): name is string => Boolean(name)),
  );
  return (operation?.params ?? []).filter((p) => p.in === 'query' && !owned.has(p.name));
}

export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
}

// ── Filters ───────────────────────────────────────────────────────────────────────────────────

const TIME_FORMATS = new Set(['date-time', 'date', 'unix-time']);

/** Operators that read the value as an amount (the code compares numbers). */
const RANGE_OPS = new Set<TFilterOp>(['gt', 'gte', 'lt', 'lte']);
/** Operators that read the value as a time. */
const TIME_OPS = new Set<TFilterOp>(['before-now', 'within']);
/** Operators that compare to one value or a list of them. */
const EQUALITY_OPS = new Set<TFilterOp>(['eq', 'ne', 'in', 'not-in']);
/** Operators that need no value. */
export const VALUELESS_OPS = new Set<TFilterOp>(['before-now', 'truthy', 'falsy']);
/** Operators whose value is a list. */
export const LIST_OPS = new Set<TFilterOp>(['in', 'not-in', 'contains', 'lacks']);

/**
 * The operators that make sense for a field, in the plan schema's order. A field the
 * description does not type (the generator read it from the prompt) gets every operator.
 */
export function operatorsFor(field: FieldOption | undefined): TFilterOp[] {
  if (!field) return [...FILTER_OPS];
  const isTime = field.format !== undefined && TIME_FORMATS.has(field.format);
  const fits = (op: TFilterOp): boolean => {
    if (op === 'truthy' || op === 'falsy') return true;
    if (isTime) return TIME_OPS.has(op);
    switch (field.type) {
      case 'boolean':
        return false;
      case 'number':
      case 'integer':
        return RANGE_OPS.has(op) || EQUALITY_OPS.has(op);
      case 'string':
        return EQUALITY_OPS.has(op);
      case 'array':
        return op === 'contains' || op === 'lacks';
      default:
        return EQUALITY_OPS.has(op) || op === 'contains' || op === 'lacks';
    }
  };
  return FILTER_OPS.filter(fits);
}

/** What an operator reads as, for its select. */
export const OPERATOR_LABELS: Record<TFilterOp, string> = {
  eq: 'is',
  ne: 'is not',
  gt: 'is more than',
  gte: 'is at least',
  lt: 'is less than',
  lte: 'is at most',
  'before-now': 'is in the past',
  contains: 'contains any of',
  lacks: 'contains none of',
  in: 'is one of',
  'not-in': 'is not one of',
  falsy: 'is empty or false',
  truthy: 'is set and true',
  within: 'is within',
};

/** The value a filter keeps when its operator changes: a list becomes one value and back. */
export function valueForOperator(
  op: TFilterOp,
  value: TGenerationPlan['filters'][number]['value'],
): TGenerationPlan['filters'][number]['value'] {
  if (VALUELESS_OPS.has(op)) return undefined;
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  if (op === 'within') return [-86_400_000, 0];
  if (LIST_OPS.has(op)) return list;
  const first = list[0];
  if (RANGE_OPS.has(op)) return typeof first === 'number' ? first : Number(first ?? 0) || 0;
  return first ?? '';
}

// ── Mapping ───────────────────────────────────────────────────────────────────────────────────

/** The schema of the record a write sends: the body, inside its batch item, envelope or container. */
export function destinationRecordSchema(
  write: TPlanWrite,
  destination: TApiDescription | null | undefined,
): TFieldSchema | undefined {
  const found = findOperation(destination, write.operation.operationId);
  let schema = found?.operation.body?.schema;
  if (write.kind === 'graphql') return schema?.properties?.variables;
  if (write.batch) schema = schema?.properties?.[write.batch.itemsField]?.items;
  if (write.envelope) schema = schema?.properties?.[write.envelope];
  if (write.container) {
    if (write.container.kind === 'values-array') return undefined;
    const inner = schema?.properties?.[write.container.field];
    return inner?.properties && Object.keys(inner.properties).length > 0
      ? inner
      : (found?.resource.schema.properties?.[write.container.field] ?? inner);
  }
  return schema;
}

/** One row of the Mapping section: a destination field and the rule that fills it, if any. */
export interface MappingRow {
  to: string;
  field: FieldOption | undefined;
  rule: TMappingRule | undefined;
}

/**
 * One row per destination field, required ones first, then the rest in the description's
 * order; rules for fields the description does not list (a custom column, a field beside the
 * container) follow, so nothing the plan does is hidden. Read-only fields are never offered.
 */
export function mappingRows(fields: readonly FieldOption[], mapping: readonly TMappingRule[]) {
  const byPath = new Map(mapping.map((rule) => [rule.to, rule]));
  const described = fields.filter((field) => !isSkippedField(field));
  const ordered = [...described.filter((f) => f.required), ...described.filter((f) => !f.required)];
  const rows: MappingRow[] = ordered.map((field) => ({
    to: field.path,
    field,
    rule: byPath.get(field.path),
  }));
  const listed = new Set(rows.map((row) => row.to));
  for (const rule of mapping) {
    if (!listed.has(rule.to)) rows.push({ to: rule.to, field: undefined, rule });
  }
  return rows;
}

function isSkippedField(field: FieldOption): boolean {
  return field.type === 'object' && !field.required;
}

/** A required destination field nothing fills: the compiled code would stop before writing. */
export function isUnmappedRequired(row: MappingRow): boolean {
  return Boolean(row.field?.required) && !row.rule;
}

const NUMERIC = new Set<TFieldSchema['type']>(['number', 'integer']);

/**
 * Why a rule's value does not fit its destination field, or null. The code converts what it
 * can (a number to text, "250.00" to 250), so only conversions that lose the value are flagged.
 */
export function typeMismatch(row: MappingRow, sourceFields: readonly FieldOption[]): string | null {
  const rule = row.rule;
  const to = row.field;
  if (!rule || !to || to.type === 'any') return null;
  if (rule.value !== undefined) {
    if (NUMERIC.has(to.type) && !Number.isFinite(Number(rule.value)) && rule.value !== '')
      return `${row.to} takes a number, and "${rule.value}" is not one`;
    if (to.type === 'boolean' && !['true', 'false'].includes(rule.value))
      return `${row.to} takes true or false`;
    if (to.enum && !to.enum.some((allowed) => String(allowed) === rule.value))
      return `${row.to} takes one of ${to.enum.map(String).join(', ')}`;
    return null;
  }
  if (rule.how) return to.type === 'string' ? null : `${row.to} takes a ${to.type}, not a name`;
  const from = sourceFields.find((field) => field.path === rule.from);
  if (!from || from.type === 'any') return null;
  const lossy =
    (NUMERIC.has(to.type) &&
      (from.type === 'boolean' ||
        from.type === 'array' ||
        (from.type === 'string' && !isTimeOrAmount(from, to)))) ||
    (to.type === 'boolean' && from.type !== 'boolean') ||
    (to.type === 'object' && from.type !== 'object') ||
    (to.type === 'string' && from.type === 'object');
  if (!lossy) return null;
  return `${rule.from} is ${article(from.type)} ${from.type}, and ${row.to} takes ${article(to.type)} ${to.type}`;
}

function isTimeOrAmount(from: FieldOption, to: FieldOption): boolean {
  // Dates convert to unix time, and amounts written as text ("250.00") to numbers.
  return (
    (from.format !== undefined && TIME_FORMATS.has(from.format) && to.format === 'unix-time') ||
    from.format === 'currency'
  );
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? 'an' : 'a';
}

/** A rule for a destination field, typed as the field is, with the person's choice. */
export function ruleFor(
  to: string,
  field: FieldOption | undefined,
  source: Pick<TMappingRule, 'from' | 'value' | 'how' | 'parts' | 'template'>,
  sourceFields: readonly FieldOption[],
  previous: TMappingRule | undefined,
): TMappingRule {
  const fromField = sourceFields.find((f) => f.path === source.from);
  return {
    to,
    ...source,
    type: field?.type ?? previous?.type ?? 'any',
    ...(field?.format ? { format: field.format } : {}),
    ...(fromField?.format && source.value === undefined ? { fromFormat: fromField.format } : {}),
    ...(field?.enum ? { enum: [...field.enum] } : {}),
    ...(previous?.top ? { top: true } : {}),
    // The prompt's value table, the rescaling of an amount or a span of time, and a day's
    // shift belong to the source field they were read for.
    ...(previous?.values && source.from !== undefined && source.from === previous.from
      ? {
          values: previous.values,
          ...(previous.otherwise !== undefined ? { otherwise: previous.otherwise } : {}),
        }
      : {}),
    ...(previous?.units && source.from !== undefined && source.from === previous.from
      ? { units: previous.units }
      : {}),
    ...(previous?.duration && source.from !== undefined && source.from === previous.from
      ? { duration: previous.duration }
      : {}),
    ...(previous?.shiftDays && source.from !== undefined && source.from === previous.from
      ? { shiftDays: previous.shiftDays }
      : {}),
    reason: 'chosen in the Plan tab',
  };
}

/** A template's placeholders that name no source field, for the warning under it. */
export function unknownPlaceholders(
  template: string,
  sourceFields: readonly FieldOption[],
): string[] {
  const known = new Set(sourceFields.map((f) => f.path));
  return templatePaths(template).filter((path) => !known.has(path));
}
