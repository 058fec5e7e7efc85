import { z } from 'zod';
import { FIELD_TYPES, ZPagination } from './api-description.ts';
import { ZSchedule } from './schedule.ts';

// The plan: what a generator understood, in a form the compiler turns into code and the review
// page's Plan tab edits (ADR 034, docs/ARCHITECTURE.md "Generation"). It names operations by
// their id in the side's API description and resources by name, so it stays small and the
// compiler reads every other fact (parameters, schemas, pagination) from the descriptions the
// integration uses. Both generators write it: the rule-based planner directly, the model through
// structured output. One plan, one compiler.

export const GENERATION_PLAN_VERSION = 1;

const ZName = z.string().min(1).max(200);
const ZScalar = z.union([z.string().max(2000), z.number(), z.boolean()]);
const ZStringMap = z.record(z.string().max(200), z.string().max(2000));

/** An operation of one side's description, with its method and path for people to read. */
export const ZPlanOperation = z.strictObject({
  operationId: ZName,
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  path: z.string().min(1).max(500),
});
export type TPlanOperation = z.infer<typeof ZPlanOperation>;

export const ZPlanRead = z.strictObject({
  resource: ZName,
  operation: ZPlanOperation,
  /** Path parameters filled from the prompt (name → value). */
  pathParams: ZStringMap,
  query: z.record(z.string().max(200), ZScalar),
  /** Where the records are in each page; '' means the page is the array. */
  itemsPath: z.string().max(200),
  pagination: ZPagination,
  pageSize: z.number().int().positive().optional(),
  /** Link-header lists cannot be followed from bodies: `since_id` stands in. */
  sinceIdParam: z.string().max(200).optional(),
  graphql: z
    .strictObject({
      document: z.string().min(1).max(20_000),
      variables: z.record(z.string(), z.unknown()),
    })
    .optional(),
  form: z.boolean(),
  /** Required headers with a fixed value (a version header). */
  headers: ZStringMap,
  /**
   * Id fields replaced by the record they name, got by `operation` with the id as `param`. A
   * field that is an object holding the id (`Contact: {ContactID, Name}`) says where in `idKey`,
   * and gets the record's fields merged into it.
   */
  related: z
    .array(
      z.strictObject({
        field: z.string().min(1).max(300),
        idKey: z.string().min(1).max(100).optional(),
        resource: ZName,
        operation: ZPlanOperation,
        param: ZName,
      }),
    )
    .max(5)
    .optional(),
});
export type TPlanRead = z.infer<typeof ZPlanRead>;

export const DURATION_UNITS = ['seconds', 'minutes', 'hours', 'iso8601'] as const;

/** form-field: `from` ends in a form answer's label, matched without regard to case or spacing. */
export const MAPPING_TRANSFORMS = ['first-name', 'last-name', 'join-name', 'form-field'] as const;

/** One destination field and where its value comes from. */
export const ZMappingRule = z.strictObject({
  /** Dotted path in the record the destination receives. */
  to: z.string().min(1).max(300),
  /** Dotted path in the source record; absent for a constant or a join. */
  from: z.string().min(1).max(300).optional(),
  /** A fixed value. */
  value: z.string().max(2000).optional(),
  /** Text with `{source.path}` placeholders (`{path|fallback}` for an empty value, `{path:200}` cut to 200 characters). */
  template: z.string().min(1).max(2000).optional(),
  /** A part of a full name, or first and last joined. */
  how: z.enum(MAPPING_TRANSFORMS).optional(),
  /** The join's two source fields (an array of two: a tuple has no OpenAPI 3.1 form here). */
  parts: z.array(z.string().min(1).max(300)).length(2).optional(),
  /** The destination field's type; the value is converted to it. */
  type: z.enum(FIELD_TYPES),
  format: z.string().max(100).optional(),
  fromFormat: z.string().max(100).optional(),
  enum: z.array(z.union([z.string(), z.number(), z.boolean()])).optional(),
  /**
   * A value table from the prompt ("gold → 3"): each source value (matched without regard to
   * case; "" for an empty one) and what it becomes ("" leaves the field out). Values the table does not list pass as they are, unless `otherwise` says what they become.
   * A table whose rows set several fields is one rule a field, each with the same `from`.
   */
  values: z
    .array(z.strictObject({ from: z.string().max(200), to: z.string().max(500) }))
    .max(100)
    .optional(),
  /** What a non-empty value the table does not list becomes ("all other values become Rest of world"). */
  otherwise: z.string().max(500).optional(),
  /**
   * An amount the source counts in one unit and the destination in the other: divided
   * (minor-to-major: cents to 12.50) or multiplied (major-to-minor) by the currency's minor-unit
   * factor, 100 unless the record's `currency` field names a currency with 0 or 3 decimals.
   */
  units: z
    .strictObject({
      scale: z.enum(['minor-to-major', 'major-to-minor']),
      currency: z.string().min(1).max(300).optional(),
    })
    .optional(),
  /**
   * A span of time counted in one unit by the source and another by the destination: seconds,
   * minutes, hours (to two decimals), or an ISO 8601 duration (`PT1H30M`).
   */
  duration: z
    .strictObject({
      from: z.enum(DURATION_UNITS),
      to: z.enum(DURATION_UNITS),
    })
    .optional(),
  /** A day moved by whole days: an all-day event's exclusive end is the day after its date. */
  shiftDays: z.number().int().min(-366).max(366).optional(),
  /** Why this source: exact name, synonym, the prompt, a name split … */
  reason: z.string().max(300),
  /** Goes beside the body's container rather than in it (JSON:API's `type`). */
  top: z.boolean().optional(),
});
export type TMappingRule = z.infer<typeof ZMappingRule>;

/**
 * A template's placeholders: `{path}`, `{path|fallback}` for an empty value, `{path:200}` cut to
 * 200 characters, `{path@format}` written in a format: `2dp` (two decimals), `major-2dp` (cents as 12.50), `upper`, `lower`, or
 * a date pattern such as `YYYY-MM-DD`, `DD.MM.YYYY`, `D MMM YYYY` or `h:mma` (UTC). The compiled
 * code fills them the same way (compiler/grounded-runtime.js).
 */
export const TEMPLATE_PLACEHOLDER = /\{([^{}|:@]+)(?::(\d+))?(?:@([^{}|]+))?(?:\|([^{}]*))?\}/g;

/** The source fields a template reads, in order. */
export function templatePaths(template: string): string[] {
  // Not trimmed: `{ title }` reads the field " title ", as the compiled code does.
  return [...template.matchAll(TEMPLATE_PLACEHOLDER)].map((m) => m[1] ?? '');
}

export const WRITE_KINDS = ['record', 'message', 'batch', 'graphql'] as const;

export const ZPlanWrite = z.strictObject({
  resource: ZName,
  operation: ZPlanOperation,
  kind: z.enum(WRITE_KINDS),
  pathParams: ZStringMap,
  query: ZStringMap,
  headers: ZStringMap,
  /** The body's single wrapping object (`data`, `ticket`). */
  envelope: z.string().max(200).optional(),
  container: z
    .strictObject({
      field: z.string().min(1).max(200),
      kind: z.enum(['object', 'values-array', 'typed-properties']),
    })
    .optional(),
  form: z.boolean(),
  mapping: z.array(ZMappingRule).max(200),
  message: z
    .strictObject({
      textField: ZName,
      channelField: ZName.optional(),
      channel: z.string().max(500).optional(),
      /** One message for the whole run (a digest) instead of one per record. */
      summary: z.boolean(),
      /** The message text with `{source.path}` placeholders, when the prompt gives one. */
      template: z.string().min(1).max(2000).optional(),
      /** What a digest says on a run with nothing to list; without it such a run sends nothing. */
      whenEmpty: z.string().min(1).max(2000).optional(),
      fixed: ZStringMap.optional(),
    })
    .optional(),
  batch: z.strictObject({ itemsField: ZName, maxItems: z.number().int().positive() }).optional(),
  /** typed-properties: each destination property's type. */
  propertyTypes: ZStringMap.optional(),
  /** values-array: the source fields, one column each, in order. */
  columns: z.array(z.string().max(300)).max(200).optional(),
  /** values-array: a column of typed answers spread one cell per answer. */
  spread: z.string().max(300).optional(),
  /**
   * skip: a record the destination refuses (400, 409, 422) is logged and the run goes
   * on, when the prompt says so; unset, a refusal stops the run (a 409 is always skipped).
   */
  onRefused: z.enum(['skip']).optional(),
});
export type TPlanWrite = z.infer<typeof ZPlanWrite>;

export const FILTER_OPS = [
  'eq',
  'ne',
  'gt',
  'gte',
  'lt',
  'lte',
  'before-now',
  'contains',
  'lacks',
  'in',
  'not-in',
  'falsy',
  'truthy',
  'within',
] as const;
export const ZFilterOp = z.enum(FILTER_OPS);
export type TFilterOp = z.infer<typeof ZFilterOp>;

export const ZPlanFilter = z.strictObject({
  field: z.string().min(1).max(300),
  op: ZFilterOp,
  /** within: [start, end) in milliseconds from the run's due time. */
  value: z.union([ZScalar, z.array(ZScalar).max(100)]).optional(),
  /** within: the window starts at the run day's UTC midnight ("yesterday"). */
  alignDay: z.boolean().optional(),
  /**
   * within: `value` counts whole calendar units (UTC, weeks from Monday) from the one the run is
   * due in, not milliseconds: [0, 1] is "this month", [-1, 0] "last month".
   */
  calendar: z.enum(['week', 'month', 'quarter', 'year']).optional(),
  /** The words of the prompt it came from (or "the plan" when a person added it). */
  phrase: z.string().max(500),
  format: z.string().max(100).optional(),
  /** gt, gte, lt, lte, eq, ne: compared with this field of the same record, not with `value`. */
  otherField: z.string().min(1).max(300).optional(),
});
export type TPlanFilter = z.infer<typeof ZPlanFilter>;

/** A first run reaches back at most a year: further is every record, in effect. */
export const MAX_FIRST_RUN_LOOKBACK_MS = 366 * 86_400_000;

export const ZPlanCursor = z.strictObject({
  kind: z.enum(['new', 'changed']),
  field: z.string().min(1).max(300),
  format: z.string().max(100).optional(),
  param: z
    .strictObject({ name: ZName, format: z.enum(['date-time', 'unix-time', 'date']) })
    .optional(),
  phrase: z.string().max(500),
  /**
   * Where the very first run starts, when the prompt says ("first run: look back 3 days"):
   * `lookbackMs` before its due time (0: from then on, nothing older). Absent: every record.
   */
  firstRun: z
    .strictObject({
      lookbackMs: z.number().int().min(0).max(MAX_FIRST_RUN_LOOKBACK_MS).optional(),
      phrase: z.string().max(500),
    })
    .optional(),
});
export type TPlanCursor = z.infer<typeof ZPlanCursor>;

export const ZPlanDedupe = z.strictObject({
  sourceField: z.string().min(1).max(300),
  destinationField: z.string().min(1).max(300),
  /** How existing records are read: the destination's list or search operation. */
  operation: ZPlanOperation,
  pathParams: ZStringMap,
  query: ZStringMap,
  itemsPath: z.string().max(200),
  pagination: ZPagination,
  headers: ZStringMap,
  phrase: z.string().max(500),
  /**
   * A match is updated in place instead of skipped ("update it instead of creating a
   * duplicate"): the update operation, its id parameter and the existing record's id field.
   */
  update: z
    .strictObject({
      operation: ZPlanOperation,
      idParam: ZName,
      idField: z.string().min(1).max(300),
      /** Only records the destination has are written ("update the existing ones"). */
      onlyExisting: z.boolean().optional(),
    })
    .optional(),
});
export type TPlanDedupe = z.infer<typeof ZPlanDedupe>;

/** An id given by name, looked up at run time in the destination's list of that resource. */
export const ZPlanLookup = z.strictObject({
  /** Whose list is searched: the destination's (the default) or the source's, before reading. */
  side: z.enum(['source', 'destination']).optional(),
  /** What the id fills: a path parameter, a query (or search body) parameter, or a field. */
  target: z.strictObject({
    kind: z.enum(['path', 'query', 'field']),
    name: ZName,
    /** The parameter takes a list of ids (`location_ids`): it gets the one found. */
    list: z.boolean().optional(),
  }),
  operation: ZPlanOperation,
  pathParams: ZStringMap,
  itemsPath: z.string().max(200),
  idField: ZName,
  nameField: ZName,
  name: z.string().max(500).optional(),
  resource: ZName,
});
export type TPlanLookup = z.infer<typeof ZPlanLookup>;

const ZSortKey = z.strictObject({
  field: z.string().min(1).max(300),
  direction: z.enum(['asc', 'desc']),
  /** The field's choices in their own order ("urgent first"), compared by place, not as text. */
  rank: z.array(z.string().max(200)).max(100).optional(),
});

/**
 * The order records are written in ("oldest first", "sorted by due date"), and the fields that
 * order records the first one ties ("then by name").
 */
export const ZPlanSort = ZSortKey.extend({
  phrase: z.string().max(500),
  then: z.array(ZSortKey).max(3).optional(),
});
export type TPlanSort = z.infer<typeof ZPlanSort>;

export const ZGenerationPlan = z.strictObject({
  version: z.literal(GENERATION_PLAN_VERSION),
  source: ZPlanRead.optional(),
  destination: ZPlanWrite.optional(),
  filters: z.array(ZPlanFilter).max(50),
  cursor: ZPlanCursor.optional(),
  sort: ZPlanSort.optional(),
  dedupe: ZPlanDedupe.optional(),
  lookups: z.array(ZPlanLookup).max(20),
  schedule: ZSchedule.optional(),
  /** No cursor: ids already sent are kept in ctx.state so later runs skip them. */
  remember: z.boolean(),
  /** What the generator read and grounded, in words. */
  understood: z.array(z.string().max(1000)).max(100),
  assumptions: z.array(z.string().max(1000)).max(100),
  /** What the prompt asked that the plan does not do. */
  unresolved: z.array(z.string().max(1000)).max(100),
  /** The subset of `unresolved` that stops the code before any write. */
  blocking: z.array(z.string().max(1000)).max(100),
});
export type TGenerationPlan = z.infer<typeof ZGenerationPlan>;
