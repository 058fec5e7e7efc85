// Airtable Web API v0 (https://api.airtable.com/v0/{baseId}/{tableIdOrName}), with a personal
// access token (Authorization: Bearer pat…). From airtable.com/developers/web/api (see
// `references`):
// - List records: GET with pageSize (max 100), offset (the previous page's `offset`),
//   filterByFormula, fields[], sort[0][field]/sort[0][direction], maxRecords, view →
//   {records:[{id, createdTime, fields}], offset?}. A field that is empty is LEFT OUT of `fields`
//   (no null, no "", no false checkbox). Table names may be used URL-encoded in the path.
// - Create: POST {records:[{fields}], typecast?} (at most 10 records a request) or {fields} for
//   one record. Update: PATCH (merge) or PUT (replace) {records:[{id, fields}]} or
//   /{recordId} {fields}; PATCH with performUpsert {fieldsToMergeOn} upserts.
// - Cell values must fit the field's type: a string in a number field, an unknown select option
//   (without typecast: true) or an unknown field name is a 422:
//   {"error":{"type":"INVALID_VALUE_FOR_COLUMN"|"INVALID_MULTIPLE_CHOICE_OPTIONS"|
//   "UNKNOWN_FIELD_NAME"|"INVALID_RECORDS"|"INVALID_FILTER_BY_FORMULA", "message": …}}.
//   A missing table: 404 {"error":{"type":"TABLE_NOT_FOUND",…}}; a missing base: 404
//   {"error":"NOT_FOUND"}.
// - Formulas modelled for filterByFormula: {Field}, strings, numbers, = != < > <= >= & + - * /,
//   AND, OR, NOT, IF, BLANK, TRUE, FALSE, LOWER, UPPER, TRIM, LEN, FIND, SEARCH, VALUE,
//   RECORD_ID, IS_BEFORE, IS_AFTER, DATETIME_PARSE (ISO), TODAY, NOW.
// Page size: at most 3 records a page here so that `offset` matters.
// Collections: one per table, by table name, holding {id, createdTime, fields}.
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
const PAGE_MAX = 3;

interface FieldDef {
  name: string;
  type: string;
  options?: string[];
}
interface AirtableSeed {
  baseId: string;
  tables: { id: string; name: string; fields: FieldDef[]; records?: Rec[] }[];
}

function aerr(status: number, type: string, message: string): MockResponse {
  return json(status, { error: { type, message } });
}

// --- formulas ------------------------------------------------------------------------------

type Tok = { t: 'num' | 'str' | 'field' | 'name' | 'op' | 'p'; v: string };
function lexFormula(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '{') {
      const j = src.indexOf('}', i);
      if (j < 0) throw new Error('Unterminated field reference');
      out.push({ t: 'field', v: src.slice(i + 1, j) });
      i = j + 1;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      let s = '';
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\') {
          s += src[j + 1];
          j += 2;
          continue;
        }
        s += src[j++];
      }
      if (j >= src.length) throw new Error('Unterminated string');
      out.push({ t: 'str', v: s });
      i = j + 1;
      continue;
    }
    const two = src.slice(i, i + 2);
    if (['!=', '<=', '>='].includes(two)) {
      out.push({ t: 'op', v: two });
      i += 2;
      continue;
    }
    if ('=<>&+-*/'.includes(c)) {
      out.push({ t: 'op', v: c });
      i++;
      continue;
    }
    if ('(),'.includes(c)) {
      out.push({ t: 'p', v: c });
      i++;
      continue;
    }
    const num = /^\d+(\.\d+)?/.exec(src.slice(i));
    if (num) {
      out.push({ t: 'num', v: num[0] });
      i += num[0].length;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i));
    if (name) {
      out.push({ t: 'name', v: name[0] });
      i += name[0].length;
      continue;
    }
    throw new Error(`Unexpected character ${c}`);
  }
  return out;
}

type Expr =
  | { k: 'lit'; v: unknown }
  | { k: 'field'; name: string }
  | { k: 'call'; name: string; args: Expr[] }
  | { k: 'bin'; op: string; a: Expr; b: Expr }
  | { k: 'neg'; a: Expr };
const FUNCS = [
  'AND',
  'OR',
  'NOT',
  'IF',
  'BLANK',
  'TRUE',
  'FALSE',
  'LOWER',
  'UPPER',
  'TRIM',
  'LEN',
  'FIND',
  'SEARCH',
  'VALUE',
  'RECORD_ID',
  'IS_BEFORE',
  'IS_AFTER',
  'DATETIME_PARSE',
  'TODAY',
  'NOW',
  'T',
  'CONCATENATE',
  'ISERROR',
  'ARRAYJOIN',
];

function parseFormula(src: string): Expr {
  const toks = lexFormula(src);
  let p = 0;
  const unknown: string[] = [];
  const primary = (): Expr => {
    const t = toks[p++];
    if (!t) throw new Error('Unexpected end of formula');
    if (t.t === 'num') return { k: 'lit', v: Number(t.v) };
    if (t.t === 'str') return { k: 'lit', v: t.v };
    if (t.t === 'field') return { k: 'field', name: t.v };
    if (t.t === 'op' && t.v === '-') return { k: 'neg', a: primary() };
    if (t.t === 'p' && t.v === '(') {
      const e = cmp();
      if (toks[p++]?.v !== ')') throw new Error('Expected )');
      return e;
    }
    if (t.t === 'name') {
      const name = t.v.toUpperCase();
      const args: Expr[] = [];
      if (toks[p]?.v === '(') {
        p++;
        while (toks[p] && toks[p]!.v !== ')') {
          args.push(cmp());
          if (toks[p]?.v === ',') p++;
        }
        if (toks[p++]?.v !== ')') throw new Error('Expected )');
      }
      if (!FUNCS.includes(name)) unknown.push(t.v);
      return { k: 'call', name, args };
    }
    throw new Error(`Unexpected ${t.v}`);
  };
  const mul = (): Expr => {
    let a = primary();
    while (toks[p]?.t === 'op' && '*/'.includes(toks[p]!.v)) {
      const op = toks[p++]!.v;
      a = { k: 'bin', op, a, b: primary() };
    }
    return a;
  };
  const add = (): Expr => {
    let a = mul();
    while (toks[p]?.t === 'op' && '+-&'.includes(toks[p]!.v)) {
      const op = toks[p++]!.v;
      a = { k: 'bin', op, a, b: mul() };
    }
    return a;
  };
  const cmp = (): Expr => {
    let a = add();
    while (toks[p]?.t === 'op' && ['=', '!=', '<', '>', '<=', '>='].includes(toks[p]!.v)) {
      const op = toks[p++]!.v;
      a = { k: 'bin', op, a, b: add() };
    }
    return a;
  };
  const e = cmp();
  if (p < toks.length) throw new Error(`Unexpected ${toks[p]!.v}`);
  if (unknown.length) throw new Error(`Unknown function names: ${unknown.join(', ')}`);
  return e;
}

function truthy(v: unknown): boolean {
  if (Array.isArray(v)) return v.length > 0;
  return v !== null && v !== undefined && v !== '' && v !== 0 && v !== false;
}

function evalFormula(e: Expr, rec: Rec, now: Date): unknown {
  const ev = (x: Expr | undefined): unknown => (x === undefined ? null : evalFormula(x, rec, now));
  switch (e.k) {
    case 'lit':
      return e.v;
    case 'field': {
      const v = rec.fields[e.name];
      if (v === undefined) {
        if (!(rec.__fieldNames as string[]).includes(e.name))
          throw new Error(`Unknown field names: ${e.name.toLowerCase()}`);
        return null;
      }
      return Array.isArray(v) ? v.join(', ') : v;
    }
    case 'neg':
      return -Number(ev(e.a));
    case 'bin': {
      const a = ev(e.a);
      const b = ev(e.b);
      const norm = (v: unknown) => (v === null || v === undefined ? '' : v);
      switch (e.op) {
        case '&':
          return `${norm(a)}${norm(b)}`;
        case '+':
          return Number(a) + Number(b);
        case '-':
          return Number(a) - Number(b);
        case '*':
          return Number(a) * Number(b);
        case '/':
          return Number(a) / Number(b);
        case '=':
          return typeof a === 'number' || typeof b === 'number'
            ? Number(norm(a) || 0) === Number(norm(b) || 0)
            : String(norm(a)) === String(norm(b));
        case '!=':
          return typeof a === 'number' || typeof b === 'number'
            ? Number(norm(a) || 0) !== Number(norm(b) || 0)
            : String(norm(a)) !== String(norm(b));
        case '<':
          return (norm(a) as any) < (norm(b) as any);
        case '>':
          return (norm(a) as any) > (norm(b) as any);
        case '<=':
          return (norm(a) as any) <= (norm(b) as any);
        case '>=':
          return (norm(a) as any) >= (norm(b) as any);
      }
      return null;
    }
    case 'call': {
      const args = e.args;
      switch (e.name) {
        case 'AND':
          return args.every((x) => truthy(ev(x))) ? 1 : 0;
        case 'OR':
          return args.some((x) => truthy(ev(x))) ? 1 : 0;
        case 'NOT':
          return truthy(ev(args[0])) ? 0 : 1;
        case 'IF':
          return truthy(ev(args[0])) ? ev(args[1]) : args[2] ? ev(args[2]) : null;
        case 'BLANK':
          return null;
        case 'TRUE':
          return 1;
        case 'FALSE':
          return 0;
        case 'LOWER':
          return String(ev(args[0]) ?? '').toLowerCase();
        case 'UPPER':
          return String(ev(args[0]) ?? '').toUpperCase();
        case 'TRIM':
          return String(ev(args[0]) ?? '').trim();
        case 'T': {
          const v = ev(args[0]);
          return typeof v === 'string' ? v : '';
        }
        case 'LEN':
          return String(ev(args[0]) ?? '').length;
        case 'FIND':
          return String(ev(args[1]) ?? '').indexOf(String(ev(args[0]))) + 1;
        case 'SEARCH': {
          const i = String(ev(args[1]) ?? '')
            .toLowerCase()
            .indexOf(String(ev(args[0])).toLowerCase());
          return i < 0 ? null : i + 1;
        }
        case 'VALUE':
          return Number(String(ev(args[0]) ?? '').replace(/[^0-9.-]/g, ''));
        case 'RECORD_ID':
          return rec.id;
        case 'CONCATENATE':
          return args.map((x) => String(ev(x) ?? '')).join('');
        case 'ARRAYJOIN':
          return String(ev(args[0]) ?? '');
        case 'ISERROR':
          return 0;
        case 'IS_BEFORE':
          return Date.parse(String(ev(args[0]))) < Date.parse(String(ev(args[1]))) ? 1 : 0;
        case 'IS_AFTER':
          return Date.parse(String(ev(args[0]))) > Date.parse(String(ev(args[1]))) ? 1 : 0;
        case 'DATETIME_PARSE':
          return new Date(String(ev(args[0]))).toISOString();
        case 'TODAY':
          return now.toISOString().slice(0, 10);
        case 'NOW':
          return now.toISOString();
      }
      return null;
    }
  }
}

// --- the mock ------------------------------------------------------------------------------

export const mock: VendorMock = {
  vendor: 'airtable',
  references: [
    'https://airtable.com/developers/web/api/list-records',
    'https://airtable.com/developers/web/api/create-records',
    'https://airtable.com/developers/web/api/update-multiple-records',
    'https://airtable.com/developers/web/api/update-record',
    'https://airtable.com/developers/web/api/errors',
    'https://airtable.com/developers/web/api/field-model',
    'https://support.airtable.com/docs/formula-field-reference',
  ],
  unauthorized: () => aerr(401, 'AUTHENTICATION_REQUIRED', 'Authentication required'),
  create(seedInput: unknown, ctx: VendorContext): VendorInstance {
    const seed = (seedInput ?? { baseId: 'app', tables: [] }) as AirtableSeed;
    const tables = seed.tables.map((t) => ({
      ...t,
      fields: t.fields.map((f) => ({ ...f, options: [...(f.options ?? [])] })),
    }));
    const store: Record<string, Rec[]> = {};
    let counter = 0;
    const newId = () =>
      `rec${(Date.now() % 1e6).toString(36).padStart(6, '0')}${String(++counter).padStart(5, '0')}`.slice(
        0,
        17,
      );
    const clean = (fields: Rec): Rec => {
      const out: Rec = {};
      for (const [k, v] of Object.entries(fields)) {
        if (
          v === null ||
          v === undefined ||
          v === '' ||
          v === false ||
          (Array.isArray(v) && v.length === 0)
        )
          continue;
        out[k] = v;
      }
      return out;
    };
    for (const t of tables) {
      store[t.name] = (t.records ?? []).map((r, i) => ({
        id: r.id ?? `rec${t.id.slice(3, 9)}${String(i + 1).padStart(8, '0')}`,
        createdTime: r.createdTime ?? '2026-10-01T09:00:00.000Z',
        fields: clean(r.fields ?? {}),
      }));
    }

    const coerce = (
      t: (typeof tables)[number],
      fields: unknown,
      typecast: boolean,
    ): Rec | MockResponse => {
      if (!fields || typeof fields !== 'object' || Array.isArray(fields))
        return aerr(
          422,
          'INVALID_REQUEST_UNKNOWN',
          'Invalid request: parameter validation failed. Check your request data.',
        );
      const out: Rec = {};
      for (const [name, value] of Object.entries(fields as Rec)) {
        const def = t.fields.find((f) => f.name === name);
        if (!def) return aerr(422, 'UNKNOWN_FIELD_NAME', `Unknown field name: "${name}"`);
        const bad = () =>
          aerr(422, 'INVALID_VALUE_FOR_COLUMN', `Field "${name}" cannot accept the provided value`);
        if (value === null || value === undefined) {
          out[name] = null;
          continue;
        }
        switch (def.type) {
          case 'singleLineText':
          case 'multilineText':
          case 'richText':
          case 'email':
          case 'url':
          case 'phoneNumber':
            if (typeof value !== 'string') {
              if (typecast && (typeof value === 'number' || typeof value === 'boolean')) {
                out[name] = String(value);
                break;
              }
              return bad();
            }
            if (def.type === 'singleLineText' && value.includes('\n') && !typecast) return bad();
            out[name] = value;
            break;
          case 'number':
          case 'currency':
          case 'percent':
          case 'rating':
          case 'duration':
            if (typeof value === 'number') out[name] = value;
            else if (
              typecast &&
              typeof value === 'string' &&
              value.trim() !== '' &&
              Number.isFinite(Number(value))
            )
              out[name] = Number(value);
            else return bad();
            break;
          case 'checkbox':
            if (typeof value === 'boolean') out[name] = value;
            else if (typecast) out[name] = truthy(value) && value !== 'false';
            else return bad();
            break;
          case 'date':
            if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) return bad();
            out[name] = new Date(Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value))
              .toISOString()
              .slice(0, 10);
            break;
          case 'dateTime':
            if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) return bad();
            out[name] = new Date(value).toISOString();
            break;
          case 'singleSelect': {
            if (typeof value !== 'string') return bad();
            if (!def.options!.includes(value)) {
              if (!typecast)
                return aerr(
                  422,
                  'INVALID_MULTIPLE_CHOICE_OPTIONS',
                  `Insufficient permissions to create new select option ""${value}""`,
                );
              def.options!.push(value);
            }
            out[name] = value;
            break;
          }
          case 'multipleSelects': {
            const list = Array.isArray(value)
              ? value
              : typecast && typeof value === 'string'
                ? value.split(',').map((s) => s.trim())
                : null;
            if (!list || list.some((v) => typeof v !== 'string')) return bad();
            for (const v of list)
              if (!def.options!.includes(v)) {
                if (!typecast)
                  return aerr(
                    422,
                    'INVALID_MULTIPLE_CHOICE_OPTIONS',
                    `Insufficient permissions to create new select option ""${v}""`,
                  );
                def.options!.push(v);
              }
            out[name] = list;
            break;
          }
          default:
            out[name] = value;
        }
      }
      return out;
    };
    const isErr = (x: unknown): x is MockResponse =>
      !!x &&
      typeof x === 'object' &&
      'status' in (x as Rec) &&
      typeof (x as Rec).status === 'number' &&
      'body' in (x as Rec) &&
      !!(x as Rec).body?.error;

    return {
      collections: () => store,
      handle(req: MockRequest): MockResponse {
        const m = /^\/v0\/([^/]+)\/([^/]+)(?:\/([^/]+))?\/?$/.exec(req.path);
        if (!m) return aerr(404, 'NOT_FOUND', 'Could not find what you are looking for');
        if (m[1] !== seed.baseId) return json(404, { error: 'NOT_FOUND' });
        const tableRef = decodeURIComponent(m[2]!);
        const table = tables.find((t) => t.id === tableRef || t.name === tableRef);
        if (!table)
          return aerr(
            404,
            'TABLE_NOT_FOUND',
            `Could not find table ${tableRef} in application ${seed.baseId}`,
          );
        const records = store[table.name]!;
        for (let i = 0; i < records.length; i++) {
          const r = records[i]!;
          if (!r.id)
            records[i] = {
              id: newId(),
              createdTime: r.createdTime ?? ctx.now().toISOString(),
              fields: clean(r.fields ?? {}),
            };
        }
        const recordId = m[3];
        const q = req.query;

        if (req.method === 'GET' && recordId) {
          const r = records.find((x) => x.id === recordId);
          return r
            ? json(200, r)
            : aerr(404, 'NOT_FOUND', 'Could not find what you are looking for');
        }

        if (req.method === 'GET' || (req.method === 'POST' && recordId === 'listRecords')) {
          const p: Rec = req.method === 'GET' ? {} : ((req.body as Rec) ?? {});
          const get = (k: string) => (req.method === 'GET' ? q.get(k) : p[k]);
          let list = [...records];
          const formula = get('filterByFormula');
          if (formula) {
            let expr: Expr;
            try {
              expr = parseFormula(String(formula));
            } catch (e) {
              return aerr(
                422,
                'INVALID_FILTER_BY_FORMULA',
                `The formula for filtering records is invalid: ${(e as Error).message}`,
              );
            }
            try {
              const names = table.fields.map((f) => f.name);
              list = list.filter((r) =>
                truthy(evalFormula(expr, { ...r, __fieldNames: names }, ctx.now())),
              );
            } catch (e) {
              return aerr(
                422,
                'INVALID_FILTER_BY_FORMULA',
                `The formula for filtering records is invalid: ${(e as Error).message}`,
              );
            }
          }
          // sort[0][field]=X&sort[0][direction]=desc
          const sorts: { field: string; direction: string }[] = [];
          if (req.method === 'GET') {
            for (let i = 0; q.has(`sort[${i}][field]`); i++)
              sorts.push({
                field: q.get(`sort[${i}][field]`)!,
                direction: q.get(`sort[${i}][direction]`) ?? 'asc',
              });
          } else if (Array.isArray(p.sort))
            sorts.push(
              ...p.sort.map((s: Rec) => ({ field: s.field, direction: s.direction ?? 'asc' })),
            );
          for (const s of sorts)
            if (!table.fields.some((f) => f.name === s.field))
              return aerr(422, 'UNKNOWN_FIELD_NAME', `Unknown field name: "${s.field}"`);
          if (sorts.length) {
            list.sort((a, b) => {
              for (const s of sorts) {
                const av = a.fields[s.field] ?? '';
                const bv = b.fields[s.field] ?? '';
                if (av < bv) return s.direction === 'desc' ? 1 : -1;
                if (av > bv) return s.direction === 'desc' ? -1 : 1;
              }
              return 0;
            });
          }
          const maxRecords = Number(get('maxRecords') ?? 0);
          if (maxRecords > 0) list = list.slice(0, maxRecords);
          const pageSizeRaw = Number(get('pageSize') ?? 100);
          if (!Number.isInteger(pageSizeRaw) || pageSizeRaw < 1 || pageSizeRaw > 100)
            return aerr(
              422,
              'INVALID_REQUEST_UNKNOWN',
              'Invalid request: parameter validation failed. Check your request data.',
            );
          const size = Math.min(pageSizeRaw, PAGE_MAX);
          let start = 0;
          const offset = get('offset');
          if (offset) {
            const decoded = /^itr[a-z0-9]+\/rec.+$/.test(String(offset))
              ? String(offset).split('/')[1]
              : null;
            start = decoded ? list.findIndex((r) => r.id === decoded) : -1;
            if (start < 0)
              return aerr(
                422,
                'LIST_RECORDS_ITERATOR_NOT_AVAILABLE',
                'The offset is invalid or has expired.',
              );
          }
          const fieldList =
            req.method === 'GET'
              ? [...q.getAll('fields[]'), ...q.getAll('fields')]
              : (p.fields ?? []);
          for (const f of fieldList)
            if (!table.fields.some((d) => d.name === f))
              return aerr(422, 'UNKNOWN_FIELD_NAME', `Unknown field name: "${f}"`);
          const pageItems = list.slice(start, start + size).map((r) =>
            fieldList.length
              ? {
                  ...r,
                  fields: Object.fromEntries(
                    Object.entries(r.fields).filter(([k]) => fieldList.includes(k)),
                  ),
                }
              : r,
          );
          const body: Rec = { records: pageItems };
          const next = list[start + size];
          if (next) body.offset = `itr${table.id.slice(3, 9).toLowerCase()}/${next.id}`;
          return json(200, body);
        }

        const body = (req.body ?? {}) as Rec;
        const typecast = body.typecast === true;

        if (req.method === 'POST' && !recordId) {
          const single = !Array.isArray(body.records);
          const input: Rec[] = single ? [{ fields: body.fields }] : body.records;
          if (!single && input.length > 10)
            return aerr(422, 'INVALID_RECORDS', 'You may only create 10 records at a time');
          if (!single && input.length === 0)
            return aerr(422, 'INVALID_RECORDS', 'Please provide at least one record');
          const made: Rec[] = [];
          for (const r of input) {
            const fields = coerce(table, r?.fields, typecast);
            if (isErr(fields)) return fields;
            made.push({
              id: newId(),
              createdTime: ctx
                .now()
                .toISOString()
                .replace(/\.\d{3}Z$/, '.000Z'),
              fields: clean(fields as Rec),
            });
          }
          records.push(...made);
          return json(200, single ? made[0] : { records: made });
        }

        if ((req.method === 'PATCH' || req.method === 'PUT') && recordId) {
          const r = records.find((x) => x.id === recordId);
          if (!r) return aerr(404, 'NOT_FOUND', 'Could not find what you are looking for');
          const fields = coerce(table, body.fields, typecast);
          if (isErr(fields)) return fields;
          r.fields = clean(
            req.method === 'PUT' ? (fields as Rec) : { ...r.fields, ...(fields as Rec) },
          );
          return json(200, r);
        }

        if ((req.method === 'PATCH' || req.method === 'PUT') && !recordId) {
          if (!Array.isArray(body.records))
            return aerr(
              422,
              'INVALID_REQUEST_MISSING_FIELDS',
              'Could not find field "records" in the request body',
            );
          if (body.records.length > 10)
            return aerr(422, 'INVALID_RECORDS', 'You may only update 10 records at a time');
          const upsert = body.performUpsert?.fieldsToMergeOn as string[] | undefined;
          const out: Rec[] = [];
          const created: string[] = [];
          const updated: string[] = [];
          for (const item of body.records as Rec[]) {
            const fields = coerce(table, item?.fields, typecast);
            if (isErr(fields)) return fields;
            let target: Rec | undefined;
            if (item.id) {
              target = records.find((x) => x.id === item.id);
              if (!target) return aerr(404, 'NOT_FOUND', `Record ${item.id} not found`);
            } else if (upsert) {
              const f = fields as Rec;
              const matching = records.filter((x) => upsert.every((k) => x.fields[k] === f[k]));
              if (matching.length > 1)
                return aerr(
                  422,
                  'INVALID_RECORDS',
                  'Multiple records match the fieldsToMergeOn values',
                );
              target = matching[0];
            } else return aerr(422, 'INVALID_RECORDS', 'Each record must have an id');
            if (!target) {
              target = {
                id: newId(),
                createdTime: ctx.now().toISOString(),
                fields: clean(fields as Rec),
              };
              records.push(target);
              created.push(target.id);
            } else {
              target.fields = clean(
                req.method === 'PUT' ? (fields as Rec) : { ...target.fields, ...(fields as Rec) },
              );
              updated.push(target.id);
            }
            out.push(target);
          }
          return json(
            200,
            upsert
              ? { records: out, createdRecords: created, updatedRecords: updated }
              : { records: out },
          );
        }
        return aerr(404, 'NOT_FOUND', 'Could not find what you are looking for');
      },
    };
  },
};
