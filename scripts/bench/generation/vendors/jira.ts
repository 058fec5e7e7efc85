// Jira Cloud platform REST API v3 (https://{site}.atlassian.net/rest/api/3), Basic auth with an
// Atlassian account email and an API token. From developer.atlassian.com (see `references`):
// - Search is GET/POST /rest/api/3/search/jql (the "enhanced search"): jql, maxResults (default
//   50), nextPageToken, fields. Its `fields` defaults to `id` only: ask for summary, status, …
//   explicitly (or `*all` / `*navigable`). The answer is {issues, nextPageToken?, isLast}. The
//   JQL must be bounded (a restriction, not only ORDER BY). The old GET/POST /rest/api/3/search
//   has been removed and answers 410.
// - JQL dates take 'yyyy/MM/dd HH:mm', 'yyyy-MM-dd HH:mm', 'yyyy/MM/dd', 'yyyy-MM-dd' or a
//   relative period such as '-5d' / '-4h' / '-15m'; anything else (an ISO timestamp with T and
//   seconds) is a 400 with the error Jira gives.
// - POST /rest/api/3/issue {fields:{project:{key|id}, summary, issuetype:{name|id},
//   description}} → 201 {id, key, self}. In v3 `description` must be an Atlassian Document
//   Format document; a plain string is refused. Errors: 400 {errorMessages:[], errors:{field: msg}}.
// - PUT /rest/api/3/issue/{idOrKey} {fields:{…}} → 204. GET /rest/api/3/issue/{idOrKey}.
// Page size: this mock serves at most 4 issues a page so that nextPageToken matters.
// Each stored issue also carries `descriptionText` (the description's text, paragraphs joined
// with "\n") and `projectSummary` ("KEY: summary"): a checker's convenience, not Jira fields.
// The mock handles arbitrary JSON from the code under test: records are loosely typed on purpose.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type {
  MockRequest,
  MockResponse,
  VendorContext,
  VendorInstance,
  VendorMock,
} from '../contract.ts';
import { json } from '../mock-kit.ts';

type Rec = Record<string, any>;
const PAGE_MAX = 4;

interface JiraSeed {
  site?: string;
  projects?: { key: string; name: string; id?: string; issueTypes?: string[] }[];
  /** Status name → category key (new | indeterminate | done). Defaults cover the usual ones. */
  statuses?: Record<string, string>;
  issues?: Rec[];
}

const CATEGORY: Record<string, { id: number; key: string; colorName: string; name: string }> = {
  new: { id: 2, key: 'new', colorName: 'blue-gray', name: 'To Do' },
  indeterminate: { id: 4, key: 'indeterminate', colorName: 'yellow', name: 'In Progress' },
  done: { id: 3, key: 'done', colorName: 'green', name: 'Done' },
};
const DEFAULT_STATUSES: Record<string, string> = {
  'To Do': 'new',
  Open: 'new',
  Backlog: 'new',
  'In Progress': 'indeterminate',
  'In Review': 'indeterminate',
  Done: 'done',
  Closed: 'done',
  "Won't Do": 'done',
};

function err(
  status: number,
  errors: Record<string, string>,
  errorMessages: string[] = [],
): MockResponse {
  return json(status, { errorMessages, errors });
}

/** Atlassian Document Format → plain text (paragraphs and hard breaks become newlines). */
export function adfText(node: unknown): string {
  if (node === null || node === undefined) return '';
  if (typeof node !== 'object') return '';
  const n = node as Rec;
  if (n.type === 'text') return String(n.text ?? '');
  if (n.type === 'hardBreak') return '\n';
  const parts = Array.isArray(n.content) ? n.content.map(adfText) : [];
  const block = [
    'doc',
    'bulletList',
    'orderedList',
    'listItem',
    'blockquote',
    'table',
    'tableRow',
    'tableCell',
    'tableHeader',
    'panel',
    'expand',
  ];
  if (n.type === 'doc' || block.includes(n.type))
    return parts.filter((p: string) => p !== '').join('\n');
  return parts.join('');
}

function textDoc(text: string): Rec {
  return {
    type: 'doc',
    version: 1,
    content: text
      .split('\n\n')
      .map((p) => ({ type: 'paragraph', content: p ? [{ type: 'text', text: p }] : [] })),
  };
}

function validAdf(value: unknown): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Rec;
  if (v.type !== 'doc' || v.version !== 1 || !Array.isArray(v.content)) return false;
  const walk = (node: unknown): boolean => {
    if (!node || typeof node !== 'object') return false;
    const x = node as Rec;
    if (typeof x.type !== 'string') return false;
    if (x.type === 'text' && typeof x.text !== 'string') return false;
    if (x.content !== undefined && (!Array.isArray(x.content) || !x.content.every(walk)))
      return false;
    return true;
  };
  return v.content.every(walk);
}

// --- JQL -------------------------------------------------------------------------------------

type Tok = { t: 'str' | 'word' | 'op' | 'punct'; v: string };

function lex(jql: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < jql.length) {
    const c = jql[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      let s = '';
      while (j < jql.length && jql[j] !== c) {
        if (jql[j] === '\\' && j + 1 < jql.length) {
          s += jql[j + 1];
          j += 2;
          continue;
        }
        s += jql[j++];
      }
      if (j >= jql.length)
        throw new Error(`Error in the JQL Query: The quoted string '${s}' has not been completed.`);
      out.push({ t: 'str', v: s });
      i = j + 1;
      continue;
    }
    const two = jql.slice(i, i + 2);
    if (['!=', '>=', '<=', '!~'].includes(two)) {
      out.push({ t: 'op', v: two });
      i += 2;
      continue;
    }
    if ('=<>~'.includes(c)) {
      out.push({ t: 'op', v: c });
      i++;
      continue;
    }
    if ('(),'.includes(c)) {
      out.push({ t: 'punct', v: c });
      i++;
      continue;
    }
    let j = i;
    while (j < jql.length && !/[\s=!<>~(),"']/.test(jql[j]!)) j++;
    if (j === i)
      throw new Error(`Error in the JQL Query: The character '${c}' is a reserved JQL character.`);
    out.push({ t: 'word', v: jql.slice(i, j) });
    i = j;
  }
  return out;
}

type Value =
  | { kind: 'str'; v: string; quoted: boolean }
  | { kind: 'fn'; name: string; args: string[] }
  | { kind: 'list'; items: Value[] }
  | { kind: 'empty' };
type Node =
  | { k: 'and' | 'or'; a: Node; b: Node }
  | { k: 'not'; a: Node }
  | { k: 'clause'; field: string; op: string; value: Value }
  | { k: 'changed'; field: string; to?: Value; from?: Value; preds: { p: string; v: Value }[] };

function parseJql(jql: string): { where: Node | null; order: { field: string; dir: string }[] } {
  const toks = lex(jql);
  let p = 0;
  const peek = (): Tok => toks[p]!;
  const isWord = (w: string) => peek()?.t === 'word' && peek().v.toLowerCase() === w;
  const expectPunct = (v: string) => {
    if (peek()?.t !== 'punct' || peek().v !== v)
      throw new Error(
        `Error in the JQL Query: Expecting '${v}' but got '${peek()?.v ?? 'end of query'}'.`,
      );
    p++;
  };
  const value = (): Value => {
    const t = peek();
    if (!t)
      throw new Error(
        'Error in the JQL Query: Expecting either a value, list or function but got end of query.',
      );
    if (t.t === 'punct' && t.v === '(') {
      p++;
      const items: Value[] = [];
      while (true) {
        items.push(value());
        if (peek()?.t === 'punct' && peek().v === ',') {
          p++;
          continue;
        }
        expectPunct(')');
        break;
      }
      return { kind: 'list', items };
    }
    if (t.t === 'str') {
      p++;
      return { kind: 'str', v: t.v, quoted: true };
    }
    if (t.t === 'word') {
      p++;
      if (['empty', 'null'].includes(t.v.toLowerCase())) return { kind: 'empty' };
      if (peek()?.t === 'punct' && peek().v === '(') {
        p++;
        const args: string[] = [];
        while (!(peek()?.t === 'punct' && peek().v === ')')) {
          const a = peek();
          if (!a) throw new Error("Error in the JQL Query: Expecting ')' but got end of query.");
          if (a.t === 'punct' && a.v === ',') {
            p++;
            continue;
          }
          args.push(a.v);
          p++;
        }
        p++;
        return { kind: 'fn', name: t.v.toLowerCase(), args };
      }
      return { kind: 'str', v: t.v, quoted: false };
    }
    throw new Error(
      `Error in the JQL Query: Expecting either a value, list or function but got '${t.v}'.`,
    );
  };
  const clause = (): Node => {
    const f = peek();
    if (!f || (f.t !== 'word' && f.t !== 'str'))
      throw new Error(
        `Error in the JQL Query: Expecting a field name but got '${f?.v ?? 'end of query'}'.`,
      );
    p++;
    const field = f.v.toLowerCase();
    const o = peek();
    if (!o) throw new Error(`Error in the JQL Query: Expecting operator but got end of query.`);
    if (o.t === 'op') {
      p++;
      return { k: 'clause', field, op: o.v, value: value() };
    }
    if (o.t === 'word') {
      const w = o.v.toLowerCase();
      if (w === 'in') {
        p++;
        return { k: 'clause', field, op: 'in', value: value() };
      }
      if (w === 'not' && toks[p + 1]?.t === 'word' && toks[p + 1]!.v.toLowerCase() === 'in') {
        p += 2;
        return { k: 'clause', field, op: 'not in', value: value() };
      }
      if (w === 'is') {
        p++;
        if (isWord('not')) {
          p++;
          return { k: 'clause', field, op: 'is not', value: value() };
        }
        return { k: 'clause', field, op: 'is', value: value() };
      }
      if (w === 'changed') {
        p++;
        const node: Node = { k: 'changed', field, preds: [] };
        while (
          peek()?.t === 'word' &&
          ['to', 'from', 'after', 'before', 'on', 'during', 'by'].includes(peek().v.toLowerCase())
        ) {
          const kw = peek().v.toLowerCase();
          p++;
          const v = value();
          if (kw === 'to') node.to = v;
          else if (kw === 'from') node.from = v;
          else node.preds.push({ p: kw, v });
        }
        return node;
      }
      if (w === 'was')
        throw new Error(
          `Error in the JQL Query: The operator 'WAS' is not supported by this site's search.`,
        );
    }
    throw new Error(
      `Error in the JQL Query: Expecting operator but got '${o.v}'. The valid operators are '=', '!=', '<', '>', '<=', '>=', '~', '!~', 'IN', 'NOT IN', 'IS' and 'IS NOT'.`,
    );
  };
  const unary = (): Node => {
    if (isWord('not')) {
      p++;
      return { k: 'not', a: unary() };
    }
    if (peek()?.t === 'punct' && peek().v === '(') {
      p++;
      const inner = or();
      expectPunct(')');
      return inner;
    }
    return clause();
  };
  const and = (): Node => {
    let a = unary();
    while (isWord('and')) {
      p++;
      a = { k: 'and', a, b: unary() };
    }
    return a;
  };
  const or = (): Node => {
    let a = and();
    while (isWord('or')) {
      p++;
      a = { k: 'or', a, b: and() };
    }
    return a;
  };
  let where: Node | null = null;
  if (p < toks.length && !isWord('order')) where = or();
  const order: { field: string; dir: string }[] = [];
  if (isWord('order')) {
    p++;
    if (!isWord('by'))
      throw new Error(
        "Error in the JQL Query: Expecting 'by' but got '" + (peek()?.v ?? 'end of query') + "'.",
      );
    p++;
    while (p < toks.length) {
      const f = peek();
      p++;
      let dir = 'desc';
      if (isWord('asc') || isWord('desc')) {
        dir = peek().v.toLowerCase();
        p++;
      }
      order.push({ field: f.v.toLowerCase(), dir });
      if (peek()?.t === 'punct' && peek().v === ',') p++;
    }
  }
  if (p < toks.length)
    throw new Error(
      `Error in the JQL Query: Expecting either 'OR' or 'AND' but got '${peek().v}'.`,
    );
  return { where, order };
}

const DATE_FIELDS: Record<string, string> = {
  created: 'created',
  createddate: 'created',
  updated: 'updated',
  updateddate: 'updated',
  resolved: 'resolutiondate',
  resolutiondate: 'resolutiondate',
  statuscategorychangeddate: 'statuscategorychangedate',
  statuscategorychangedate: 'statuscategorychangedate',
  duedate: 'duedate',
  due: 'duedate',
};

function jqlDate(v: Value, field: string, now: Date): number {
  if (v.kind === 'fn') {
    const d = new Date(now);
    const startOfDay = () => {
      d.setUTCHours(0, 0, 0, 0);
    };
    switch (v.name) {
      case 'now':
        return d.getTime();
      case 'startofday':
        startOfDay();
        return d.getTime();
      case 'endofday':
        d.setUTCHours(23, 59, 59, 999);
        return d.getTime();
      case 'startofweek':
        startOfDay();
        d.setUTCDate(d.getUTCDate() - d.getUTCDay());
        return d.getTime();
      case 'startofmonth':
        startOfDay();
        d.setUTCDate(1);
        return d.getTime();
      default:
        throw new Error(`Error in the JQL Query: Unable to find JQL function '${v.name}()'.`);
    }
  }
  if (v.kind !== 'str')
    throw new Error(`Error in the JQL Query: The field '${field}' requires a date value.`);
  const s = v.v.trim();
  const rel = /^([+-]?)((?:\s*\d+\s*[wdhm]\s*)+)$/i.exec(s);
  if (rel) {
    let ms = 0;
    for (const part of rel[2]!.matchAll(/(\d+)\s*([wdhm])/gi)) {
      const n = Number(part[1]);
      ms +=
        n *
        { w: 604800000, d: 86400000, h: 3600000, m: 60000 }[
          part[2]!.toLowerCase() as 'w' | 'd' | 'h' | 'm'
        ];
    }
    return now.getTime() + (rel[1]! === '-' ? -ms : ms);
  }
  const abs = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})(?:\s+(\d{1,2}):(\d{2}))?$/.exec(s);
  if (abs) {
    return Date.UTC(
      Number(abs[1]!),
      Number(abs[2]!) - 1,
      Number(abs[3]!),
      Number(abs[4]! ?? 0),
      Number(abs[5]! ?? 0),
    );
  }
  throw new Error(
    `Date value '${s}' for field '${field}' is invalid. Valid formats include: 'yyyy/MM/dd HH:mm', 'yyyy-MM-dd HH:mm', 'yyyy/MM/dd', 'yyyy-MM-dd', or a period format e.g. '-5d', '4w 2d'.`,
  );
}

function scalarValues(v: Value): (string | null)[] {
  if (v.kind === 'list') return v.items.flatMap(scalarValues);
  if (v.kind === 'empty') return [null];
  if (v.kind === 'fn') return [`${v.name}()`];
  return [v.v];
}

function fieldValues(issue: Rec, field: string): (string | null)[] {
  const f = issue.fields;
  switch (field) {
    case 'project':
      return [f.project?.key, f.project?.id, f.project?.name];
    case 'status':
      return [f.status?.name, f.status?.id];
    case 'statuscategory':
      return [
        f.status?.statusCategory?.name,
        f.status?.statusCategory?.key,
        String(f.status?.statusCategory?.id),
      ];
    case 'issuetype':
    case 'type':
      return [f.issuetype?.name, f.issuetype?.id];
    case 'key':
    case 'issuekey':
    case 'id':
    case 'issue':
      return [issue.key, issue.id];
    case 'labels':
      return f.labels?.length ? f.labels : [null];
    case 'priority':
      return [f.priority?.name ?? null];
    case 'resolution':
      return [f.resolution?.name ?? null];
    case 'assignee':
      return f.assignee ? [f.assignee.accountId, f.assignee.displayName] : [null];
    case 'reporter':
      return f.reporter ? [f.reporter.accountId, f.reporter.displayName] : [null];
    default:
      throw new Error(`Field '${field}' does not exist or you do not have permission to view it.`);
  }
}

function textOf(issue: Rec, field: string): string {
  const f = issue.fields;
  if (field === 'summary') return String(f.summary ?? '');
  if (field === 'description') return adfText(f.description);
  if (field === 'text')
    return `${f.summary ?? ''}\n${adfText(f.description)}\n${(f.labels ?? []).join(' ')}`;
  if (field === 'comment') return '';
  throw new Error(`Field '${field}' does not exist or you do not have permission to view it.`);
}

function textMatch(hay: string, needle: string): boolean {
  const words = needle.toLowerCase().replace(/[*?]/g, '').split(/\s+/).filter(Boolean);
  const h = hay.toLowerCase();
  return words.every((w) => h.includes(w));
}

function evaluate(node: Node, issue: Rec, now: Date): boolean {
  switch (node.k) {
    case 'and':
      return evaluate(node.a, issue, now) && evaluate(node.b, issue, now);
    case 'or':
      return evaluate(node.a, issue, now) || evaluate(node.b, issue, now);
    case 'not':
      return !evaluate(node.a, issue, now);
    case 'changed': {
      if (node.field !== 'status')
        throw new Error(`History searches are only supported here for the 'status' field.`);
      const at = Date.parse(issue.fields.statuscategorychangedate ?? issue.fields.updated);
      if (node.to) {
        const wanted = scalarValues(node.to).map((s) => String(s).toLowerCase());
        if (!wanted.includes(String(issue.fields.status?.name).toLowerCase())) return false;
      }
      if (node.from && issue.fields.status?.previous) {
        const wanted = scalarValues(node.from).map((s) => String(s).toLowerCase());
        if (!wanted.includes(String(issue.fields.status.previous).toLowerCase())) return false;
      }
      for (const pred of node.preds) {
        if (pred.p === 'after' && !(at > jqlDate(pred.v, 'status', now))) return false;
        if (pred.p === 'before' && !(at < jqlDate(pred.v, 'status', now))) return false;
        if (pred.p === 'during' && pred.v.kind === 'list') {
          const [a, b] = pred.v.items.map((x) => jqlDate(x, 'status', now)) as [number, number];
          if (!(at >= a && at <= b)) return false;
        }
      }
      return true;
    }
    case 'clause': {
      const { field, op, value } = node;
      if (DATE_FIELDS[field]) {
        const raw = issue.fields[DATE_FIELDS[field]];
        if (op === 'is' || op === 'is not') {
          const empty = raw === null || raw === undefined;
          return op === 'is' ? empty : !empty;
        }
        const at = raw ? Date.parse(raw) : NaN;
        const bound = jqlDate(value, field, now);
        if (Number.isNaN(at)) return false;
        switch (op) {
          case '>':
            return at > bound;
          case '>=':
            return at >= bound;
          case '<':
            return at < bound;
          case '<=':
            return at <= bound;
          case '=':
            return at === bound;
          case '!=':
            return at !== bound;
          default:
            throw new Error(`The operator '${op}' is not supported by the '${field}' field.`);
        }
      }
      if (['summary', 'description', 'text', 'comment'].includes(field)) {
        const hay = textOf(issue, field);
        if (op === '~') return textMatch(hay, scalarValues(value)[0] ?? '');
        if (op === '!~') return !textMatch(hay, scalarValues(value)[0] ?? '');
        if (op === 'is' || op === 'is not') return op === 'is' ? hay === '' : hay !== '';
        throw new Error(`The operator '${op}' is not supported by the '${field}' field.`);
      }
      const have = fieldValues(issue, field).map((x) =>
        x === null || x === undefined ? null : String(x).toLowerCase(),
      );
      const want = scalarValues(value).map((x) => (x === null ? null : x.toLowerCase()));
      const hit = want.some((w) => have.includes(w));
      switch (op) {
        case '=':
        case 'in':
        case 'is':
          return hit;
        case '!=':
        case 'not in':
        case 'is not':
          return !hit;
        case '~':
          return have.some((h) => h !== null && want.some((w) => w !== null && h.includes(w)));
        default:
          throw new Error(`The operator '${op}' is not supported by the '${field}' field.`);
      }
    }
  }
}

// --- the mock ----------------------------------------------------------------------------------

export const mock: VendorMock = {
  vendor: 'jira',
  references: [
    'https://developer.atlassian.com/cloud/jira/platform/rest/v3/api-group-issue-search/#api-rest-api-3-search-jql-get',
    'https://developer.atlassian.com/cloud/jira/platform/rest/v3/api-group-issues/#api-rest-api-3-issue-post',
    'https://developer.atlassian.com/cloud/jira/platform/rest/v3/api-group-issues/#api-rest-api-3-issue-issueidorkey-put',
    'https://developer.atlassian.com/cloud/jira/platform/apis/document/structure/',
    'https://developer.atlassian.com/cloud/jira/platform/basic-auth-for-rest-apis/',
    'https://developer.atlassian.com/changelog/#CHANGE-2046',
    'https://support.atlassian.com/jira-software-cloud/docs/jql-fields/',
  ],
  unauthorized: () => ({
    status: 401,
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    body: 'Client must be authenticated to access this resource.',
  }),
  create(seedInput: unknown, ctx: VendorContext): VendorInstance {
    const seed = (seedInput ?? {}) as JiraSeed;
    const site = seed.site ?? 'https://acme.atlassian.net';
    const statuses = { ...DEFAULT_STATUSES, ...(seed.statuses ?? {}) };
    const projects = (seed.projects ?? []).map((pr, i) => ({
      key: pr.key,
      name: pr.name,
      id: pr.id ?? String(10000 + i),
      issueTypes: pr.issueTypes ?? ['Task', 'Bug', 'Story', 'Epic'],
    }));
    const typeId = (name: string) =>
      String(10001 + ['Task', 'Bug', 'Story', 'Epic', 'Subtask'].indexOf(name) + 1);
    const stamp = (d: Date) => d.toISOString().replace('Z', '+0000');
    let nextId = 10100;
    const issues: Rec[] = [];

    const statusObj = (name: string) => {
      const cat = CATEGORY[statuses[name] ?? 'new']!;
      return {
        self: `${site}/rest/api/3/status/${name}`,
        description: '',
        name,
        id: String(1 + Object.keys(statuses).indexOf(name)),
        statusCategory: { self: `${site}/rest/api/3/statuscategory/${cat.id}`, ...cat },
      };
    };
    const normalise = (raw: Rec): Rec => {
      if (raw.self && raw.fields?.status?.statusCategory) return raw;
      const f: Rec = { ...(raw.fields ?? {}) };
      const key = String(raw.key);
      const projectKey = key.split('-')[0];
      const project = projects.find((p) => p.key === projectKey) ?? {
        key: projectKey,
        name: projectKey,
        id: '10000',
      };
      f.project = {
        self: `${site}/rest/api/3/project/${project.id}`,
        id: project.id,
        key: project.key,
        name: project.name,
      };
      if (typeof f.status === 'string' || !f.status)
        f.status = statusObj(typeof f.status === 'string' ? f.status : 'To Do');
      if (typeof f.issuetype === 'string' || !f.issuetype) {
        const n = typeof f.issuetype === 'string' ? f.issuetype : 'Task';
        f.issuetype = {
          self: `${site}/rest/api/3/issuetype/${typeId(n)}`,
          id: typeId(n),
          name: n,
          subtask: false,
        };
      }
      if (typeof f.priority === 'string')
        f.priority = {
          name: f.priority,
          id: String(['Highest', 'High', 'Medium', 'Low', 'Lowest'].indexOf(f.priority) + 1),
        };
      f.priority ??= { name: 'Medium', id: '3' };
      if (typeof f.description === 'string') f.description = textDoc(f.description);
      f.description ??= null;
      f.labels ??= [];
      f.assignee ??= null;
      f.resolution ??=
        f.status.statusCategory.key === 'done' ? { name: 'Done', id: '10000' } : null;
      f.updated ??= f.created;
      f.resolutiondate ??= f.status.statusCategory.key === 'done' ? f.updated : null;
      f.statuscategorychangedate ??= f.updated;
      // Jira writes its timestamps as 2026-11-20T10:00:00.000+0000.
      for (const k of ['created', 'updated', 'resolutiondate', 'statuscategorychangedate']) {
        if (typeof f[k] === 'string' && f[k].endsWith('Z'))
          f[k] = new Date(f[k]).toISOString().replace('Z', '+0000');
      }
      const id = String(raw.id ?? nextId++);
      return {
        expand:
          'renderedFields,names,schema,operations,editmeta,changelog,versionedRepresentations',
        id,
        self: `${site}/rest/api/3/issue/${id}`,
        key,
        fields: f,
        descriptionText: adfText(f.description),
        projectSummary: `${project.key}: ${f.summary}`,
      };
    };
    for (const raw of seed.issues ?? []) issues.push(normalise(raw));
    const refresh = () => {
      for (let i = 0; i < issues.length; i++) issues[i] = normalise(issues[i]!);
    };

    const pick = (issue: Rec, fieldsParam: string[] | null, expand: string): Rec => {
      const out: Rec = { expand: issue.expand, id: issue.id, self: issue.self, key: issue.key };
      const wanted = fieldsParam ?? ['id'];
      const all = wanted.includes('*all') || wanted.includes('*navigable');
      const fields: Rec = {};
      for (const [k, v] of Object.entries(issue.fields)) {
        if (k === 'previous') continue;
        if (all ? !wanted.includes(`-${k}`) : wanted.includes(k)) fields[k] = v;
      }
      if (Object.keys(fields).length || wanted.some((w) => w !== 'id' && w !== 'key'))
        out.fields = fields;
      if (expand.includes('renderedFields') && out.fields) out.renderedFields = {};
      return out;
    };

    const search = (params: {
      jql?: string;
      maxResults?: unknown;
      nextPageToken?: unknown;
      fields?: unknown;
      expand?: unknown;
    }): MockResponse => {
      const jql = params.jql ?? '';
      let parsed;
      try {
        parsed = parseJql(jql);
      } catch (e) {
        return err(400, {}, [(e as Error).message]);
      }
      if (!parsed.where) {
        return err(400, {}, [
          'Unbounded JQL queries are not allowed here. Please add a search restriction to your query.',
        ]);
      }
      let list: Rec[];
      try {
        const now = ctx.now();
        list = issues.filter((i) => evaluate(parsed.where as Node, i, now));
      } catch (e) {
        return err(400, {}, [(e as Error).message]);
      }
      const order = parsed.order.length ? parsed.order : [{ field: 'created', dir: 'desc' }];
      list = [...list].sort((a, b) => {
        for (const o of order) {
          const key = DATE_FIELDS[o.field] ?? o.field;
          const av =
            key === 'key'
              ? Number(a.key.split('-')[1])
              : DATE_FIELDS[o.field]
                ? Date.parse(a.fields[key])
                : String(a.fields[key]?.name ?? a.fields[key] ?? '');
          const bv =
            key === 'key'
              ? Number(b.key.split('-')[1])
              : DATE_FIELDS[o.field]
                ? Date.parse(b.fields[key])
                : String(b.fields[key]?.name ?? b.fields[key] ?? '');
          if (av < bv) return o.dir === 'asc' ? -1 : 1;
          if (av > bv) return o.dir === 'asc' ? 1 : -1;
        }
        return Number(b.id) - Number(a.id);
      });
      const max = Math.min(Math.max(1, Number(params.maxResults ?? 50) || 50), PAGE_MAX);
      const start = params.nextPageToken
        ? Number(
            Buffer.from(String(params.nextPageToken), 'base64url').toString().replace('p:', ''),
          )
        : 0;
      if (!Number.isFinite(start) || start < 0)
        return err(400, {}, ['The provided next page token is invalid or expired.']);
      const fieldsParam =
        params.fields === undefined || params.fields === null
          ? null
          : (Array.isArray(params.fields) ? params.fields : String(params.fields).split(','))
              .map((s) => String(s).trim())
              .filter(Boolean);
      const pageItems = list
        .slice(start, start + max)
        .map((i) => pick(i, fieldsParam, String(params.expand ?? '')));
      const body: Rec = { issues: pageItems, isLast: start + max >= list.length };
      if (start + max < list.length)
        body.nextPageToken = Buffer.from(`p:${start + max}`).toString('base64url');
      return json(200, body);
    };

    const validateFields = (
      f: Rec,
      creating: boolean,
      existing?: Rec,
    ): { errors: Record<string, string>; project?: (typeof projects)[number]; type?: string } => {
      const errors: Record<string, string> = {};
      let project = existing
        ? projects.find((p) => p.key === existing.fields.project.key)
        : undefined;
      if (creating) {
        const ref = f.project;
        if (!ref || typeof ref !== 'object') errors.project = 'Specify a valid project ID or key';
        else {
          project = projects.find(
            (p) => (ref.key && p.key === ref.key) || (ref.id && p.id === String(ref.id)),
          );
          if (!project) errors.project = 'Specify a valid project ID or key';
        }
      }
      let type: string | undefined;
      if (creating || f.issuetype !== undefined) {
        const ref = f.issuetype;
        if (!ref || typeof ref !== 'object') errors.issuetype = 'Specify an issue type';
        else if (project) {
          type = project.issueTypes.find(
            (t) => (ref.name && t === ref.name) || (ref.id && typeId(t) === String(ref.id)),
          );
          if (!type) errors.issuetype = 'Specify a valid issue type';
        }
      }
      if (creating || f.summary !== undefined) {
        if (typeof f.summary !== 'string' || f.summary.trim() === '')
          errors.summary = 'You must specify a summary of the issue.';
        else if (f.summary.length > 255)
          errors.summary = 'Summary must be less than 255 characters.';
        else if (/[\r\n]/.test(f.summary))
          errors.summary = 'The summary is invalid because it contains newline characters.';
      }
      if (f.description !== undefined && f.description !== null && !validAdf(f.description)) {
        errors.description =
          'Operation value must be an Atlassian Document (see the Atlassian Document Format)';
      }
      if (f.labels !== undefined) {
        if (
          !Array.isArray(f.labels) ||
          f.labels.some((l: unknown) => typeof l !== 'string' || /\s/.test(l))
        )
          errors.labels = 'The label must not contain spaces.';
      }
      if (
        f.priority !== undefined &&
        (!f.priority ||
          !['Highest', 'High', 'Medium', 'Low', 'Lowest'].includes(f.priority.name ?? ''))
      ) {
        errors.priority = 'Specify a valid priority';
      }
      const known = [
        'project',
        'issuetype',
        'summary',
        'description',
        'labels',
        'priority',
        'assignee',
        'duedate',
        'reporter',
      ];
      for (const k of Object.keys(f)) {
        if (!known.includes(k))
          errors[k] =
            `Field '${k}' cannot be set. It is not on the appropriate screen, or unknown.`;
      }
      return { errors, project, type };
    };

    const findIssue = (idOrKey: string) =>
      issues.find((i) => i.key === idOrKey || i.id === idOrKey);

    return {
      collections: () => ({ issues }),
      handle(req: MockRequest): MockResponse {
        refresh();
        const path = req.path.replace(/\/+$/, '');
        if (path === '/rest/api/3/search' || path === '/rest/api/2/search') {
          return err(410, {}, [
            'The requested API has been removed. Please migrate to the /rest/api/3/search/jql API. A full migration guideline is available at https://developer.atlassian.com/changelog/#CHANGE-2046',
          ]);
        }
        if (path === '/rest/api/3/search/jql') {
          if (req.method === 'GET') {
            const fieldsAll = req.query.getAll('fields');
            return search({
              jql: req.query.get('jql') ?? '',
              maxResults: req.query.get('maxResults') ?? undefined,
              nextPageToken: req.query.get('nextPageToken') ?? undefined,
              fields: fieldsAll.length ? fieldsAll.join(',') : undefined,
              expand: req.query.get('expand') ?? undefined,
            });
          }
          if (req.method === 'POST') {
            if (!req.body || typeof req.body !== 'object')
              return err(400, {}, [
                'Invalid request payload. Refer to the REST API documentation and try again.',
              ]);
            return search(req.body as Rec);
          }
          return { status: 405, body: '' };
        }
        if (path === '/rest/api/3/project' || path === '/rest/api/3/project/search') {
          const values = projects.map((p) => ({
            self: `${site}/rest/api/3/project/${p.id}`,
            id: p.id,
            key: p.key,
            name: p.name,
          }));
          return json(
            200,
            path.endsWith('search')
              ? { startAt: 0, maxResults: 50, total: values.length, isLast: true, values }
              : values,
          );
        }
        if (path === '/rest/api/3/issue' && req.method === 'POST') {
          const body = req.body as Rec | undefined;
          if (
            !body ||
            typeof body !== 'object' ||
            !body.fields ||
            typeof body.fields !== 'object'
          ) {
            return err(400, {}, ['Issue must be created with fields.']);
          }
          const { errors, project, type } = validateFields(body.fields, true);
          if (Object.keys(errors).length || !project || !type) return err(400, errors);
          const number =
            1 +
            Math.max(
              0,
              ...issues
                .filter((i) => i.fields.project.key === project.key)
                .map((i) => Number(i.key.split('-')[1])),
            );
          const now = stamp(ctx.now());
          const f = body.fields;
          const issue = normalise({
            key: `${project.key}-${number}`,
            fields: {
              summary: f.summary,
              issuetype: type,
              status: 'To Do',
              description: f.description ?? null,
              labels: f.labels ?? [],
              priority: f.priority?.name ?? 'Medium',
              duedate: f.duedate ?? null,
              created: now,
              updated: now,
            },
          });
          issues.push(issue);
          return json(201, { id: issue.id, key: issue.key, self: issue.self });
        }
        const one = /^\/rest\/api\/3\/issue\/([^/]+)$/.exec(path);
        if (one) {
          const issue = findIssue(decodeURIComponent(one[1]!));
          if (!issue)
            return err(404, {}, ['Issue does not exist or you do not have permission to see it.']);
          if (req.method === 'GET') {
            const fieldsParam = req.query.get('fields');
            return json(
              200,
              pick(
                issue,
                fieldsParam ? fieldsParam.split(',') : ['*all'],
                req.query.get('expand') ?? '',
              ),
            );
          }
          if (req.method === 'PUT') {
            const body = req.body as Rec | undefined;
            if (!body || typeof body !== 'object')
              return err(400, {}, [
                'Invalid request payload. Refer to the REST API documentation and try again.',
              ]);
            const f = (body.fields ?? {}) as Rec;
            const { errors, type } = validateFields(f, false, issue);
            if (f.project !== undefined)
              errors.project =
                "Field 'project' cannot be set. It is not on the appropriate screen, or unknown.";
            if (Object.keys(errors).length) return err(400, errors);
            if (f.summary !== undefined) issue.fields.summary = f.summary;
            if (f.description !== undefined) issue.fields.description = f.description;
            if (f.labels !== undefined) issue.fields.labels = f.labels;
            if (f.priority !== undefined)
              issue.fields.priority = {
                name: f.priority.name,
                id: String(
                  ['Highest', 'High', 'Medium', 'Low', 'Lowest'].indexOf(f.priority.name) + 1,
                ),
              };
            if (type)
              issue.fields.issuetype = {
                self: `${site}/rest/api/3/issuetype/${typeId(type)}`,
                id: typeId(type),
                name: type,
                subtask: false,
              };
            if (f.duedate !== undefined) issue.fields.duedate = f.duedate;
            issue.fields.updated = stamp(ctx.now());
            issue.descriptionText = adfText(issue.fields.description);
            issue.projectSummary = `${issue.fields.project.key}: ${issue.fields.summary}`;
            return { status: 204 };
          }
        }
        return err(404, {}, ['No resource found for this path.']);
      },
    };
  },
};
