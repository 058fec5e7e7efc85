import type {
  TApiDescription,
  TOperation,
  TPagination,
  TResource,
  TPlanCursor,
  TPlanFilter,
  TPlanSort,
  TSchedule,
} from '@patchbay/schema';
import type { FieldRule } from './field-match.ts';
import type { PromptContext } from '../reader/read-prompt.ts';

// The shape of a grounded plan (ADR 015, ADR 034): how the source is read, how the destination
// is written, and the filters, cursor, de-duplication and lookups between them. The planner's
// modules and the compiler share these types; apart from the code, they keep imports one-way.

export type Side = 'source' | 'destination';

export interface PlannedCall {
  side: Side;
  operationId: string;
  method: string;
  path: string;
}

/** A field of the records read that holds another resource's id, and the call that gets it. */
export interface RelatedRead {
  field: string;
  /** The id's key inside `field`, when the field is a reference object (`Contact.ContactID`). */
  idKey?: string | undefined;
  resource: TResource;
  operation: TOperation;
  /** The path parameter the id fills. */
  param: string;
}

export interface ReadPlan {
  resource: TResource;
  operation: TOperation;
  /** Path parameters filled from the prompt (name → value). */
  pathParams: Record<string, string>;
  query: Record<string, string | number | boolean>;
  itemsPath: string;
  pagination: TPagination;
  pageSize: number | undefined;
  /** link-header pages cannot be followed (ctx returns bodies only): `since_id` stands in. */
  sinceIdParam?: string | undefined;
  graphql?: { document: string; variables: Record<string, unknown> } | undefined;
  form: boolean;
  /** Required headers with a fixed value (Notion-Version). */
  headers: Record<string, string>;
  /** Id fields replaced by the record they name, fetched per id (related-records.ts). */
  related?: RelatedRead[] | undefined;
}

export interface WritePlan {
  resource: TResource;
  operation: TOperation;
  kind: 'record' | 'message' | 'batch' | 'graphql';
  pathParams: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** The body's single wrapping object (`data` for Asana, `ticket` for Zendesk). */
  envelope?: string | undefined;
  container?: TResource['container'] | undefined;
  form: boolean;
  rules: FieldRule[];
  /** messaging: the text field, the channel field and value. */
  message?: {
    textField: string;
    channelField?: string | undefined;
    channel?: string | undefined;
    summary: boolean;
    /** The prompt's own text for each message, `{path}` for a record's field (templates.ts). */
    template?: string | undefined;
    /** What a digest says on a run with nothing to list (empty-digest.ts). */
    whenEmpty?: string | undefined;
    /** Other body fields the prompt fixes (Twilio's `From` number). */
    fixed?: Record<string, string> | undefined;
  };
  /** maxItems: the records a request carries, the API's most or fewer if the prompt says. */
  batch?: { itemsField: string; maxItems: number } | undefined;
  /** typed-properties (Notion): the property type of each destination name. */
  propertyTypes?: Record<string, string>;
  /** values-array (sheets): the source fields, one column each. */
  columns?: string[];
  /**
   * values-array: a column holding a list of typed answers (Typeform's `answers`, each value
   * under the key its `type` names), spread into one cell per answer.
   */
  spread?: string | undefined;
  /** skip: a record the destination refuses is logged and the run goes on (refused-records.ts). */
  onRefused?: 'skip' | undefined;
}

/** A condition on the source records: the plan's own filter (schema/src/generation-plan.ts). */
export type FilterPlan = TPlanFilter;

export interface CursorPlan {
  kind: 'new' | 'changed';
  field: string;
  format?: string | undefined;
  /** The list's query parameter that filters by the cursor, and its format. */
  param?: { name: string; format: 'date-time' | 'unix-time' | 'date' } | undefined;
  phrase: string;
  firstRun?: TPlanCursor['firstRun'];
}

export interface DedupePlan {
  sourceField: string;
  destinationField: string;
  /** How existing records are read: the destination's list or search operation. */
  operation: TOperation;
  pathParams: Record<string, string>;
  query: Record<string, string>;
  itemsPath: string;
  pagination: TPagination;
  headers: Record<string, string>;
  phrase: string;
  /** Update a match in place (its id in `idParam`) instead of skipping it. */
  update?:
    { operation: TOperation; idParam: string; idField: string; onlyExisting?: boolean } | undefined;
}

/**
 * An id the prompt gives by name ("the list 'To Do' on board 5f1…", "#billing in team 42"):
 * looked up at run time in that side's list of the resource, by its name field.
 */
export interface LookupPlan {
  /** Whose list is searched; the source's lookups run before the read. */
  side: 'source' | 'destination';
  /** What it fills: a path or query parameter of the call, or a field of the record. */
  target: { kind: 'path' | 'query' | 'field'; name: string; list?: boolean };
  operation: TOperation;
  pathParams: Record<string, string>;
  itemsPath: string;
  idField: string;
  nameField: string;
  /** The name to find; without one the first record is taken (and a TODO says so). */
  name: string | undefined;
  resource: string;
}

export interface GroundedPlan {
  destinationDescription?: TApiDescription | undefined;
  /** The source API's name as typed, lower case (filters skip it between words). */
  sourceName?: string | undefined;
  /** The destination API's name as the user typed it, in lower case. */
  destinationName?: string | undefined;
  source: ReadPlan | undefined;
  destination: WritePlan | undefined;
  filters: FilterPlan[];
  cursor: CursorPlan | undefined;
  /** The order records are written in, when the prompt gives one. */
  sort?: TPlanSort | undefined;
  dedupe: DedupePlan | undefined;
  understood: string[];
  assumptions: string[];
  unresolved: string[];
  /** The subset of `unresolved` that stops the code before any write. */
  blocking: string[];
  calls: PlannedCall[];
  schedule?: TSchedule | undefined;
  lookups: LookupPlan[];
  /**
   * No cursor: the ids of the records sent are kept in ctx.state so later runs do not create or
   * post them again (creates and messages only; updates may repeat).
   */
  remember: boolean;
}

export interface GroundedInput extends PromptContext {
  userPrompt: string;
}

/** The sandbox allows 100 requests per run: pages and writes share them. */
export const MAX_PAGES = 20;
/** Writes per run: one record each, or one batch each. */
export const MAX_ITEMS_PER_RUN = 50;
/** A summary message is one write: it lists up to this many records. */
export const MAX_SUMMARY_ITEMS = 500;

/**
 * How many records a run writes: the cap counts write requests, so a batch write takes as many
 * batches as a record write takes records, and a summary is one message; a record whose related
 * records are fetched takes a request for each.
 */
export function itemsPerRun(write: WritePlan | undefined, read?: ReadPlan | undefined): number {
  // Each related record costs a request per record, at worst (every id different), and the
  // writes take the rest of the run's requests.
  const related = read?.related?.length ?? 0;
  if (related > 0) return Math.floor(MAX_ITEMS_PER_RUN / (1 + related));
  if (write?.message?.summary) return MAX_SUMMARY_ITEMS;
  return MAX_ITEMS_PER_RUN * (write?.batch?.maxItems ?? 1);
}
