// What the template generator can read in a description (ADR 013): a schedule
// (read-schedule.ts), the source and destination endpoints, field mappings, whether only new or
// changed items are wanted, simple filters and batching. Plain pattern matching, no
// model: every recognised phrase is kept so the generated code can quote it, and the words no
// pattern used are reported back, so the code is honest about what it ignored.

import { clean, type Phrase, withoutQuotes } from './phrase.ts';
import { type FirstRunReading, readFirstRun } from './read-first-run.ts';
import { findSchedule, NUMBER, type ScheduleReading, toNumber } from './read-schedule.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointReading extends Phrase {
  method: HttpMethod;
  /** Path relative to the API's base URL, without its query string. */
  path: string;
  /** Query parameters written in the description ('?limit=100'), in order. */
  query: Array<[string, string]>;
  /** Why the method or path was chosen when the description did not say it outright. */
  assumption?: string;
  /** True when no path was written and this one is a guess from the words. */
  guessed: boolean;
}

export interface FieldMapping extends Phrase {
  from: string;
  to: string;
}

export interface IncrementalReading extends Phrase {
  /** new: items created since the last run; changed: created or updated since then. */
  kind: 'new' | 'changed';
  /** The cursor field, when the description names one ('by updated_at'). */
  field?: string;
  /** The word after each "new" that asks for it: whose records they are ("new issues"). */
  nouns?: string[];
}

export interface FilterReading extends Phrase {
  field: string;
  operator: 'equals' | 'not-equals';
  value: string | number | boolean | null;
}

export interface BatchReading extends Phrase {
  /** Items per request; 'all' sends every item in one request. */
  size: number | 'all';
}

export interface PromptReading {
  schedule?: ScheduleReading;
  source?: EndpointReading;
  destination?: EndpointReading;
  mappings: FieldMapping[];
  incremental?: IncrementalReading;
  /** What the first run of an incremental sync takes, when the prompt says. */
  firstRun?: FirstRunReading;
  filters: FilterReading[];
  batch?: BatchReading;
  /** Parts of the description no pattern used: whole sentences, or a sentence and its words. */
  notUnderstood: string[];
  /** Things read but only partly honoured (a second source path, a base-path overlap...). */
  notes: string[];
}

export interface PromptContext {
  sourceApiName: string;
  sourceApiUrl: string;
  destApiName: string;
  destApiUrl: string;
}

// ---------------------------------------------------------------------------------------------
// The whole description

const PATH =
  /(?:\b(GET|POST|PUT|PATCH|DELETE)\s+)?(?<![\w/.:@-])(\/[\w\-.~%{}:@]*(?:\/[\w\-.~%{}:@]*)*(?:\?[^\s,;)'"`]*)?)/g;
const URL_PATTERN = /\bhttps?:\/\/[^\s,;)'"`]+/gi;
const METHOD_BEFORE =
  /\b(GET|POST|PUT|PATCH|DELETE)\b(?:\s+[\w'-]+){0,3}\s+(?:to|into|onto|at|on)?\s*$/;
const DEST_CUE =
  /\b(to|into|onto|post\w*|send\w*|push\w*|write\w*|create\w*|upsert\w*|update\w*|forward\w*|deliver\w*|submit\w*|replace\w*)\b/gi;

const LIST_NOUN_SKIP =
  /^(all|the|my|our|their|any|each|every|new|newly|recent|latest|changed|updated|modified|created|active|open|closed|paid|unpaid|pending|fresh|only)$/i;

const STOPWORDS = new Set(
  `a an the and or but nor so then than that this these those there here it its it's they them their
  theirs we us our you your i me my he she his her who whom whose which what when where why how
  of in on at by for from to into onto with without within about over under after before since until
  as via per each every all any some both either neither only just also too very more most less
  is are was were be been being am do does did done has have had having will would shall should
  can could may might must not no yes please let lets make sure ensure want need like also
  get gets got getting fetch fetches fetched fetching pull pulls pulled pulling read reads reading
  sync syncs synced syncing synchronize synchronise synchronizes copy copies copied copying take
  import imports imported importing export exports exported exporting load loads loaded loading
  send sends sent sending post posts posted posting push pushes pushed pushing write writes writing
  create creates created creating upsert upserts upserted upserting update updates updated updating
  forward forwards forwarded forwarding deliver delivers delivered move moves moved mirror mirrors
  replicate replicates transfer transfers keep keeps kept poll polls polling grab grabs list lists
  call calls called hit hits check checks checking look looks find finds put puts patch patches
  new newly changed change changes modified modify edited recent recently latest last since run runs
  time times once twice every minute minutes hour hours day days daily hourly weekly nightly
  morning evening night week weeks
  map maps mapped mapping mappings rename renames renamed renaming field fields property properties
  value values key keys column columns attribute attributes
  item items record records entry entries row rows object objects data list lists thing things
  result results page pages paginate paginated pagination cursor cursors state everything
  api apis endpoint endpoints source destination target service services system systems app apps
  one two three four five six seven eight nine ten batch batches bulk request requests single
  where whose equal equals is isn't not null true false then also new existing them one
  report reports summary information info details stuff via using use uses used
  automatically regularly periodically schedule scheduled scheduling integration integrations`
    .split(/\s+/)
    .filter(Boolean),
);

/** Reads what it can; `context` names the APIs so their names are not mistaken for content. */
export function readPrompt(prompt: string, context: PromptContext): PromptReading {
  const text = prompt.replace(/\r\n?/g, '\n');
  const used = new Uint8Array(text.length);
  const mark = (start: number, end: number) => used.fill(1, start, end);
  const reading: PromptReading = { mappings: [], filters: [], notUnderstood: [], notes: [] };

  // The APIs' names and base URLs are context, not instructions.
  for (const name of [context.sourceApiName, context.destApiName]) {
    if (name.trim() === '') continue;
    const pattern = new RegExp(`(?<!\\w)${escapeRegExp(name.trim())}(?:'s)?(?!\\w)`, 'gi');
    for (const m of text.matchAll(pattern)) {
      mark(m.index, m.index + m[0].length);
    }
  }

  const schedule = findSchedule(text);
  if (schedule) {
    reading.schedule = schedule.reading;
    for (const span of schedule.spans) mark(span.start, span.end);
  }
  for (const m of text.matchAll(/\b(real[\s-]?time|instantly|immediately|as soon as)\b/gi)) {
    reading.notes.push(
      `"${clean(m[0])}": runs are scheduled at an interval, not triggered by events`,
    );
    mark(m.index, m.index + m[0].length);
  }

  readEndpoints(text, context, reading, mark);
  readMappings(text, context, reading, mark);
  readIncremental(text, reading, mark);
  reading.firstRun = readFirstRun(text);
  if (reading.firstRun) {
    const at = text.indexOf(reading.firstRun.phrase);
    if (at >= 0) mark(at, at + reading.firstRun.phrase.length);
  }
  readFilters(text, reading, mark);
  readBatch(text, reading, mark);
  guessMissingEndpoints(text, context, reading, mark);

  reading.notUnderstood = leftovers(text, used, context, reading);
  return reading;
}

function readEndpoints(
  text: string,
  context: PromptContext,
  reading: PromptReading,
  mark: (start: number, end: number) => void,
) {
  interface Found {
    index: number;
    end: number;
    method?: HttpMethod;
    raw: string;
    phrase: string;
    side?: 'source' | 'destination';
  }
  const found: Found[] = [];

  for (const m of text.matchAll(PATH)) {
    const raw = (m[2] ?? '').replace(/[.,:;!?]+$/, '');
    if (raw === '/' && !m[1]) continue;
    const end = m.index + m[0].length - ((m[2] ?? '').length - raw.length);
    found.push({
      index: m.index,
      end,
      raw,
      phrase: text.slice(m.index, end),
      ...(m[1] ? { method: m[1] as HttpMethod } : {}),
    });
  }
  // Full URLs on either API's base URL become paths on that API.
  for (const m of text.matchAll(URL_PATTERN)) {
    const url = m[0].replace(/[.,:;!?]+$/, '');
    for (const [side, base] of [
      ['source', context.sourceApiUrl],
      ['destination', context.destApiUrl],
    ] as const) {
      const prefix = base.replace(/\/+$/, '');
      if (url.toLowerCase().startsWith(prefix.toLowerCase())) {
        const rest = url.slice(prefix.length);
        if (rest === '' || rest.startsWith('/') || rest.startsWith('?')) {
          const before = text.slice(Math.max(0, m.index - 8), m.index);
          const method = /\b(GET|POST|PUT|PATCH|DELETE)\s+$/.exec(before)?.[1] as
            HttpMethod | undefined;
          found.push({
            index: m.index,
            end: m.index + url.length,
            raw: rest.startsWith('/') ? rest : `/${rest}`,
            phrase: url,
            side,
            ...(method ? { method } : {}),
          });
          break;
        }
      }
    }
  }
  // Paths inside a matched URL were found twice; keep the URL.
  const endpoints = found
    .filter((a) => !found.some((b) => b !== a && b.side && b.index <= a.index && a.end <= b.end))
    .sort((a, b) => a.index - b.index);

  let previousEnd = 0;
  for (const endpoint of endpoints) {
    const clauseStart = Math.max(previousEnd, sentenceStart(text, endpoint.index));
    const before = text.slice(clauseStart, endpoint.index);
    const after = text.slice(endpoint.end, endpoint.end + 60);
    previousEnd = endpoint.end;

    const method = endpoint.method ?? (METHOD_BEFORE.exec(before)?.[1] as HttpMethod | undefined);
    let side = endpoint.side;
    if (!side && method) side = method === 'GET' ? 'source' : 'destination';
    if (!side) side = sideFromWords(before, after, context);
    if (!side) side = reading.source ? 'destination' : 'source';

    const [path = '/', search = ''] = endpoint.raw.split('?');
    const query = search
      .split('&')
      .filter(Boolean)
      .map((pair): [string, string] => {
        const [key = '', value = ''] = pair.split('=');
        return [safeDecode(key), safeDecode(value)];
      });
    const endpointReading: EndpointReading = {
      method: method ?? (side === 'source' ? 'GET' : destinationVerbMethod(before)),
      path,
      query,
      phrase: clean(endpoint.phrase),
      guessed: false,
    };
    if (!method && side === 'destination') {
      endpointReading.assumption =
        endpointReading.method === 'POST'
          ? 'no method was given, so POST'
          : `no method was given; "${clean(lastVerb(before) ?? '')}" reads as ${endpointReading.method}`;
    }
    if (side === 'source' && method && method !== 'GET') {
      endpointReading.assumption = `the source is read with ${method}`;
    }
    mark(endpoint.index, endpoint.end);
    if (method && !endpoint.method) {
      const word = new RegExp(`\\b${method}\\b`).exec(before);
      if (word) {
        mark(clauseStart + word.index, clauseStart + word.index + method.length);
        endpointReading.phrase = clean(text.slice(clauseStart + word.index, endpoint.end));
      }
    }

    const base = side === 'source' ? context.sourceApiUrl : context.destApiUrl;
    const overlap = basePathOverlap(base, endpointReading.path);
    if (overlap) {
      endpointReading.path = endpointReading.path.slice(overlap.length) || '/';
      reading.notes.push(
        `${endpointReading.phrase}: the base URL ${base} already ends in ${overlap}, so the path is ${endpointReading.path}`,
      );
    }

    if (side === 'source') {
      if (reading.source) {
        reading.notes.push(
          `${endpointReading.phrase}: only one source endpoint is read (${reading.source.path})`,
        );
      } else reading.source = endpointReading;
    } else if (reading.destination) {
      reading.notes.push(
        `${endpointReading.phrase}: only one destination endpoint is written (${reading.destination.path})`,
      );
    } else reading.destination = endpointReading;
  }
}

const SOURCE_WORDS = new Set(
  'from of fetch fetching get read reading pull pulling poll polling list query download watch copy sync import'.split(
    ' ',
  ),
);
const DESTINATION_WORDS = new Set(
  'to into onto post posting send sending push pushing write create upsert update forward deliver submit'.split(
    ' ',
  ),
);
const FILLER_WORDS = new Set('the their its a an each every all them it endpoint api'.split(' '));

/** "from /orders", "send to /leads", "/orders on the source": which API a bare path belongs to. */
function sideFromWords(
  before: string,
  after: string,
  context: PromptContext,
): 'source' | 'destination' | undefined {
  const apiWords = new Set(
    `${context.sourceApiName} ${context.destApiName}`.toLowerCase().split(/[^a-z0-9']+/),
  );
  const word = before
    .toLowerCase()
    .split(/[^a-z']+/)
    .filter((w) => w !== '' && !FILLER_WORDS.has(w) && !apiWords.has(w.replace(/'s$/, '')))
    .at(-1);
  if (word !== undefined && SOURCE_WORDS.has(word)) return 'source';
  if (word !== undefined && DESTINATION_WORDS.has(word)) return 'destination';
  const names = (name: string) => escapeRegExp(name.trim());
  const on = (role: string, name: string) =>
    new RegExp(
      `^\\s*(?:endpoint\\s+)?(?:from|on|in|at|of)\\s+(?:the\\s+)?(?:${role}|${names(name)})\\b`,
      'i',
    ).test(after);
  if (on('source', context.sourceApiName)) return 'source';
  if (on('destination', context.destApiName)) return 'destination';
  return undefined;
}

function destinationVerbMethod(before: string): HttpMethod {
  const verb = lastVerb(before)?.toLowerCase() ?? '';
  if (/^upsert|^replace/.test(verb)) return 'PUT';
  if (/^update/.test(verb)) return 'PATCH';
  return 'POST';
}

function lastVerb(before: string): string | undefined {
  let verb: string | undefined;
  for (const m of before.matchAll(DEST_CUE)) if (!/^(to|into|onto)$/i.test(m[0])) verb = m[0];
  return verb;
}

function basePathOverlap(baseUrl: string, path: string): string | undefined {
  let basePath: string;
  try {
    basePath = new URL(baseUrl).pathname.replace(/\/+$/, '');
  } catch {
    return undefined;
  }
  if (basePath === '') return undefined;
  return path === basePath || path.startsWith(`${basePath}/`) ? basePath : undefined;
}

const IDENT = String.raw`[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*`;
const MAPPING_PAIR = new RegExp(
  `[\`'"]?(${IDENT})[\`'"]?\\s*(→|->|=>|⇒|\\bto\\b|\\bas\\b|\\binto\\b)\\s*[\`'"]?(${IDENT})[\`'"]?`,
  'g',
);
const MAPPING_CONTEXT = /\b(map|maps|mapping|mapped|rename|renames|renaming|renamed|fields?)\b/i;
/** Words that are never a field in "X to Y" / "X as Y". */
const NOT_A_FIELD = new Set(
  'a an the and or it its them they this that these those each every all any one source destination items records entries new changed updated'.split(
    ' ',
  ),
);

function readMappings(
  text: string,
  context: PromptContext,
  reading: PromptReading,
  mark: (start: number, end: number) => void,
) {
  const apiWords = new Set(
    `${context.sourceApiName} ${context.destApiName}`.toLowerCase().split(/[^a-z0-9_]+/),
  );
  const isField = (name: string) =>
    !NOT_A_FIELD.has(name.toLowerCase()) && !apiWords.has(name.toLowerCase());
  const looksLikeField = (name: string) => /[_.]|[a-z][A-Z]/.test(name);

  for (const [start, end] of sentenceSpans(text)) {
    const sentence = text.slice(start, end);
    const keyword = MAPPING_CONTEXT.exec(sentence);
    let chainEnd = -1;
    for (const m of sentence.matchAll(MAPPING_PAIR)) {
      const [, from = '', operator = '', to = ''] = m;
      const between = chainEnd >= 0 ? sentence.slice(chainEnd, m.index) : '';
      const accepted =
        // email → email_address
        /^(→|->|=>|⇒)$/.test(operator) ||
        (isField(from) &&
          isField(to) &&
          // map name to full_name; fields: a to b
          ((keyword !== null && keyword.index < m.index) ||
            // ..., name to full_name / ... and name as full_name
            (chainEnd >= 0 && /^[\s,;:]*(?:and\s+)?(?:map\s+)?$/i.test(between)) ||
            // with name as full_name
            /\bwith\s+$/i.test(sentence.slice(0, m.index)) ||
            // name as full_name
            (operator.toLowerCase() === 'as' && looksLikeField(to))));
      // "to /contacts" is an endpoint, not a field.
      if (!accepted || sentence[m.index + m[0].length] === '/') continue;
      chainEnd = m.index + m[0].length;
      if (reading.mappings.some((mapping) => mapping.to === to)) continue;
      reading.mappings.push({ from, to, phrase: clean(m[0]) });
      mark(start + m.index, start + m.index + m[0].length);
    }
    if (keyword && chainEnd >= 0) {
      mark(start + keyword.index, start + keyword.index + keyword[0].length);
    }
  }
}

const CURSOR_FIELD_NAME =
  /^(?:[\w.]*(?:_at|At|_on|_date|Date|_time|Time|timestamp|Timestamp)|id|created|updated|modified|date|timestamp|[\w.]*_id|[\w.]*Id)$/;

function readIncremental(
  text: string,
  reading: PromptReading,
  mark: (start: number, end: number) => void,
) {
  const changed =
    /\b(changed|updated|modified|edited|new\s+(?:or|and|\/)\s+(?:updated|changed|modified)|up[\s-]to[\s-]date)\b/gi;
  const fresh =
    /\b(new|newly[\s-]created|created\s+since|added\s+since|since\s+(?:the\s+)?(?:last|previous|prior|preceding)\s+(?:run|sync|time|check|pass|execution|poll)|since\s+(?:we|it|you)\s+last\s+(?:ran|run|synced|checked|looked|polled))\b/gi;
  // A quoted name ("New arrivals") is not about which items.
  const unquoted = withoutQuotes(text);
  const changedMatches = [...unquoted.matchAll(changed)];
  const freshMatches = [...unquoted.matchAll(fresh)];
  // "the updated list" or "update" as a verb aimed at the destination are not about items.
  // "so each one can be edited", "to be updated": what the write will do to what it finds, not
  // which records to read ("were updated" and "got updated" are).
  const useful = (matches: RegExpExecArray[]) =>
    matches.filter(
      (m) =>
        !/^\s*(?:\/|to\b|in\b|on\b)/i.test(text.slice(m.index + m[0].length)) &&
        !/\b(?:so|to|will|should|must|can|could|would|may|might)\b(?:\s+\w+){0,2}\s+(?:be|get|gets|getting)\s+$/i.test(
          text.slice(Math.max(0, m.index - 40), m.index),
        ),
    );
  const changedUseful = useful(changedMatches);
  // "log the new id" means the id of what the code just created, not which records to read.
  // "as a new record", "create a new task": what the write makes, not which records to read.
  const freshUseful = useful(freshMatches).filter(
    (m) =>
      !/^\s+(?:id|ids|identifier|key)\b/i.test(text.slice(m.index + m[0].length)) &&
      !/\b(?:as|create|add|make|open|insert|start)\s+(?:a|an|one)\s+$/i.test(
        text.slice(Math.max(0, m.index - 20), m.index),
      ),
  );
  const first = changedUseful[0] ?? freshUseful[0];
  if (!first) return;
  reading.incremental = {
    kind: changedUseful.length > 0 ? 'changed' : 'new',
    phrase: clean(first[0]),
  };
  if (changedUseful.length === 0)
    reading.incremental.nouns = freshUseful.map(
      (m) => /^\s+([a-z]+)/i.exec(text.slice(m.index + m[0].length))?.[1]?.toLowerCase() ?? '',
    );
  for (const m of [...changedUseful, ...freshUseful]) mark(m.index, m.index + m[0].length);

  const field = new RegExp(
    `\\b(?:by|using|on|via|with|based\\s+on|ordered\\s+by|sorted\\s+by)\\s+(?:the\\s+|their\\s+|its\\s+)?(?:field\\s+)?[\`'"]?(${IDENT})[\`'"]?`,
    'g',
  );
  for (const m of text.matchAll(field)) {
    const name = m[1] ?? '';
    if (!CURSOR_FIELD_NAME.test(name)) continue;
    reading.incremental.field = name;
    mark(m.index, m.index + m[0].length);
    break;
  }
}

const COMMON_FILTER_FIELDS =
  /^(status|state|type|kind|category|country|currency|role|plan|stage|priority|tier|source|channel|active|enabled|archived)$/i;

/** Words after "is" that say where or whether a value is, not which value. */
const NOT_A_VALUE =
  /^(?:already|there|here|present|set|known|given|filled|also|still|now|the|a|an|any|same|different)$/i;

function readFilters(
  text: string,
  reading: PromptReading,
  mark: (start: number, end: number) => void,
) {
  const filter = new RegExp(
    `\\b(where|whose|if|when|with|only\\s+(?:if|when|where))\\s+(?:the\\s+|its\\s+|their\\s+)?(?:field\\s+)?[\`'"]?(${IDENT})[\`'"]?(?:\\s+(is\\s+not|isn't|is|equals|does\\s+not\\s+equal|doesn't\\s+equal)\\s+|\\s*(!=|==|=)\\s*)(?:equal\\s+to\\s+|exactly\\s+|either\\s+|(?:one|any)\\s+of\\s+)?(?:'([^']*)'|"([^"]*)"|\`([^\`]*)\`|([\\w.@+-]+))`,
    'gi',
  );
  for (const m of text.matchAll(filter)) {
    const [, trigger = '', field = ''] = m;
    const operator = m[3] ?? m[4] ?? '';
    if (NOT_A_FIELD.has(field.toLowerCase())) continue;
    // "where x is y" is a filter; "when the order is paid" is one only for a field-like name.
    if (
      !/^(where|whose)$/i.test(trigger) &&
      !COMMON_FILTER_FIELDS.test(field) &&
      !/[_.]|[a-z][A-Z]/.test(field)
    ) {
      continue;
    }
    const negated = /not|n't|!=/i.test(operator);
    const quoted = m[5] ?? m[6] ?? m[7];
    // "where plan=pro." ends the sentence there: the full stop is not the value's.
    const bare = (m[8] ?? '').replace(/\.+$/, '');
    // "whose email is already there", "where the phone is set": where it is, not what it is.
    if (quoted === undefined && NOT_A_VALUE.test(bare)) continue;
    let value: FilterReading['value'] = quoted ?? bare;
    if (quoted === undefined) {
      if (/^-?\d+(\.\d+)?$/.test(bare)) value = Number(bare);
      else if (/^(true|false)$/i.test(bare)) value = bare.toLowerCase() === 'true';
      else if (/^null$/i.test(bare)) value = null;
    }
    reading.filters.push({
      field,
      operator: negated ? 'not-equals' : 'equals',
      value,
      phrase: clean(m[0]),
    });
    mark(m.index, m.index + m[0].length);
  }
}

function readBatch(
  text: string,
  reading: PromptReading,
  mark: (start: number, end: number) => void,
) {
  const sized = new RegExp(`\\bin\\s+(?:batches|chunks|groups)\\s+of\\s+${NUMBER}\\b`, 'i').exec(
    text,
  );
  if (sized) {
    const size = Math.max(1, Math.round(toNumber(sized[1] ?? '1')));
    reading.batch = { size, phrase: clean(sized[0]) };
    mark(sized.index, sized.index + sized[0].length);
    return;
  }
  const all =
    /\b(in\s+(?:a\s+single|one)\s+(?:request|call|batch)|all\s+at\s+once|in\s+bulk|as\s+(?:a|one)\s+(?:single\s+)?(?:batch|array|list))\b/i.exec(
      text,
    );
  if (all) {
    reading.batch = { size: 'all', phrase: clean(all[0]) };
    mark(all.index, all.index + all[0].length);
  }
}

/** No path written: guess one from the nouns ("Stripe customers" → /customers) and say so. */
function guessMissingEndpoints(
  text: string,
  context: PromptContext,
  reading: PromptReading,
  mark: (start: number, end: number) => void,
) {
  const name = (api: string) => escapeRegExp(api.trim());
  const noun = (pattern: RegExp): { word: string; start: number; end: number } | undefined => {
    for (const m of text.matchAll(pattern)) {
      const word = (m[1] ?? '').toLowerCase();
      if (word.length < 3 || STOPWORDS.has(word) || LIST_NOUN_SKIP.test(word)) continue;
      const start = m.index + m[0].toLowerCase().lastIndexOf(word);
      return { word, start, end: start + word.length };
    }
    return undefined;
  };
  const skip = `(?:(?:${LIST_NOUN_SKIP.source.slice(2, -2)})\\s+)*`;
  if (!reading.source) {
    const found =
      noun(
        new RegExp(`\\b${name(context.sourceApiName)}(?:'s)?\\s+${skip}([a-z][\\w-]*s)\\b`, 'gi'),
      ) ??
      noun(
        new RegExp(
          `\\b(?:fetch|get|pull|read|sync|copy|import|export|load|mirror|replicate|poll|list|move|send|push|forward|take|grab)\\w*\\s+${skip}([a-z][\\w-]*s)\\b`,
          'gi',
        ),
      );
    reading.source = {
      method: 'GET',
      path: `/${found?.word ?? 'items'}`,
      query: [],
      phrase: found ? found.word : '',
      guessed: true,
      assumption: found
        ? `no source path was given; guessed from "${found.word}"`
        : 'no source path was given and no list was named: a placeholder',
    };
    if (found) mark(found.start, found.end);
  }
  if (!reading.destination) {
    const found =
      noun(
        new RegExp(`\\b${name(context.destApiName)}(?:'s)?\\s+${skip}([a-z][\\w-]*s)\\b`, 'gi'),
      ) ??
      noun(
        new RegExp(
          `\\b(?:to|into|as)\\s+(?:the\\s+|my\\s+|our\\s+|new\\s+)*([a-z][\\w-]*s)\\b`,
          'gi',
        ),
      );
    const word = found?.word ?? reading.source.path.split('/').filter(Boolean).at(-1) ?? 'items';
    reading.destination = {
      method: 'POST',
      path: `/${word.replace(/[{}:]/g, '')}`,
      query: [],
      phrase: found ? found.word : '',
      guessed: true,
      assumption: found
        ? `no destination path was given; guessed from "${found.word}"`
        : `no destination path was given: the source's list name is a placeholder`,
    };
    if (found) mark(found.start, found.end);
  }
}

/** Sentences with words no pattern used, for the "not understood" list. */
function leftovers(
  text: string,
  used: Uint8Array,
  context: PromptContext,
  reading: PromptReading,
): string[] {
  const known = new Set<string>();
  const addWords = (value: string) => {
    for (const word of value.toLowerCase().split(/[^a-z0-9]+/)) if (word) known.add(word);
  };
  addWords(context.sourceApiName);
  addWords(context.destApiName);
  for (const endpoint of [reading.source, reading.destination]) {
    if (endpoint) addWords(endpoint.path);
  }
  for (const mapping of reading.mappings) addWords(`${mapping.from} ${mapping.to}`);

  const result: string[] = [];
  for (const [start, end] of sentenceSpans(text)) {
    let rest = '';
    let anyUsed = false;
    for (let i = start; i < end; i += 1) {
      if (used[i]) anyUsed = true;
      rest += used[i] ? ' ' : text[i];
    }
    const words = [...rest.matchAll(/[A-Za-z][A-Za-z'-]*/g)]
      .map((m) => m[0].toLowerCase().replace(/'s$/, ''))
      .filter((word) => {
        const singular = word.replace(/(ies)$/, 'y').replace(/s$/, '');
        return (
          word.length > 1 &&
          !STOPWORDS.has(word) &&
          !STOPWORDS.has(singular) &&
          !known.has(word) &&
          !known.has(singular) &&
          !known.has(`${singular}s`)
        );
      });
    const unique = [...new Set(words)];
    if (unique.length === 0) continue;
    const sentence = clean(text.slice(start, end));
    result.push(
      anyUsed ? `"${sentence}": ${unique.map((w) => `"${w}"`).join(', ')}` : `"${sentence}"`,
    );
  }
  return result;
}

function sentenceSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let start = 0;
  for (const m of text.matchAll(/(?<=[.!?;])\s+|\n+/g)) {
    if (m.index > start) spans.push([start, m.index]);
    start = m.index + m[0].length;
  }
  if (start < text.length) spans.push([start, text.length]);
  return spans.filter(([a, b]) => text.slice(a, b).trim() !== '');
}

function sentenceStart(text: string, index: number): number {
  let start = 0;
  for (const [a, b] of sentenceSpans(text)) {
    if (a <= index && index < b) return a;
    if (a > index) break;
    start = b;
  }
  return start;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
