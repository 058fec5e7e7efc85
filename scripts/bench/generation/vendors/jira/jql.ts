// JQL for the Jira mock: a lexer and parser for the queries the code under test sends, Jira's
// date forms (absolute and relative), and the evaluation of a query against a stored issue, with
// the errors Jira gives for what it refuses.
// The mock handles arbitrary JSON from the code under test: records are loosely typed on purpose.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { adfText } from './adf.ts';

type Rec = Record<string, any>;

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
export type Node =
  | { k: 'and' | 'or'; a: Node; b: Node }
  | { k: 'not'; a: Node }
  | { k: 'clause'; field: string; op: string; value: Value }
  | { k: 'changed'; field: string; to?: Value; from?: Value; preds: { p: string; v: Value }[] };

export function parseJql(jql: string): {
  where: Node | null;
  order: { field: string; dir: string }[];
} {
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

export const DATE_FIELDS: Record<string, string> = {
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

/**
 * The increment a date function takes: startOfDay("-7d"), startOfWeek(1), endOfMonth("+2w"):
 * (+/-)nn followed by y, M, w, d, h or m; without a unit, the function's own period.
 */
function shiftBy(d: Date, arg: string | undefined, period: 'd' | 'w' | 'M'): void {
  if (arg === undefined || arg.trim() === '') return;
  const m = /^([+-]?)(\d+)([yMwdhm]?)$/.exec(arg.trim());
  if (!m) throw new Error(`Error in the JQL Query: '${arg}' is not a valid date increment.`);
  const n = (m[1] === '-' ? -1 : 1) * Number(m[2]);
  const unit = m[3] || period;
  if (unit === 'y') d.setUTCFullYear(d.getUTCFullYear() + n);
  else if (unit === 'M') d.setUTCMonth(d.getUTCMonth() + n);
  else if (unit === 'w') d.setUTCDate(d.getUTCDate() + 7 * n);
  else if (unit === 'd') d.setUTCDate(d.getUTCDate() + n);
  else if (unit === 'h') d.setUTCHours(d.getUTCHours() + n);
  else d.setUTCMinutes(d.getUTCMinutes() + n);
}

function jqlDate(v: Value, field: string, now: Date): number {
  if (v.kind === 'fn') {
    const d = new Date(now);
    const arg = v.args[0];
    const startOfDay = () => {
      d.setUTCHours(0, 0, 0, 0);
    };
    switch (v.name) {
      case 'now':
        return d.getTime();
      case 'startofday':
        startOfDay();
        shiftBy(d, arg, 'd');
        return d.getTime();
      case 'endofday':
        d.setUTCHours(23, 59, 59, 999);
        shiftBy(d, arg, 'd');
        return d.getTime();
      case 'startofweek':
        startOfDay();
        d.setUTCDate(d.getUTCDate() - d.getUTCDay());
        shiftBy(d, arg, 'w');
        return d.getTime();
      case 'endofweek':
        d.setUTCHours(23, 59, 59, 999);
        d.setUTCDate(d.getUTCDate() + (6 - d.getUTCDay()));
        shiftBy(d, arg, 'w');
        return d.getTime();
      case 'startofmonth':
        startOfDay();
        d.setUTCDate(1);
        shiftBy(d, arg, 'M');
        return d.getTime();
      case 'endofmonth':
        d.setUTCHours(23, 59, 59, 999);
        d.setUTCDate(1);
        shiftBy(d, arg, 'M');
        d.setUTCMonth(d.getUTCMonth() + 1, 0);
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

export function evaluate(node: Node, issue: Rec, now: Date): boolean {
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
