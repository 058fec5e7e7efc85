// The Linear mock's GraphQL: a small parser for the documents the code under test sends, the
// error Linear answers with, and Relay connections (`nodes`, `edges`, `pageInfo`) over a list.
// The mock handles arbitrary JSON from the code under test: records are loosely typed on purpose.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { pageSize } from '../../mock-kit.ts';

export type Rec = Record<string, any>;
const DEFAULT_FIRST = 5; // stands in for Linear's default page of 50

export type GValue =
  | { kind: 'var'; name: string }
  | { kind: 'int' | 'float' | 'string' | 'boolean' | 'null' | 'enum'; value: any }
  | { kind: 'list'; values: GValue[] }
  | { kind: 'object'; fields: Record<string, GValue> };
export interface GField {
  kind: 'field';
  alias?: string;
  name: string;
  args: Record<string, GValue>;
  selections?: GSel[];
}
export type GSel =
  GField | { kind: 'spread'; name: string } | { kind: 'inline'; on?: string; selections: GSel[] };
export interface GOp {
  kind: 'op';
  type: 'query' | 'mutation';
  name?: string;
  vars: { name: string; def?: GValue; type: string }[];
  selections: GSel[];
}
export interface GFrag {
  kind: 'frag';
  name: string;
  on: string;
  selections: GSel[];
}

export class GraphQLError extends Error {
  code: string;
  status: number;
  constructor(message: string, code = 'GRAPHQL_VALIDATION_FAILED', status = 400) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

function lexGql(src: string): { t: string; v: string }[] {
  const out: { t: string; v: string }[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (/[\s,\uFEFF]/.test(c)) {
      i++;
      continue;
    }
    if (src.startsWith('...', i)) {
      out.push({ t: 'p', v: '...' });
      i += 3;
      continue;
    }
    if ('!$()[]{}:=@|&'.includes(c)) {
      out.push({ t: 'p', v: c });
      i++;
      continue;
    }
    if (src.startsWith('"""', i)) {
      const end = src.indexOf('"""', i + 3);
      if (end < 0) throw new GraphQLError('Syntax Error: Unterminated string.');
      out.push({ t: 's', v: src.slice(i + 3, end) });
      i = end + 3;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      let s = '';
      while (j < src.length && src[j] !== '"') {
        if (src[j] === '\\') {
          const n = src[j + 1]!;
          if (n === 'u') {
            s += String.fromCharCode(parseInt(src.slice(j + 2, j + 6), 16));
            j += 6;
            continue;
          }
          s += ({ n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' } as Rec)[n] ?? n;
          j += 2;
          continue;
        }
        s += src[j++];
      }
      if (j >= src.length) throw new GraphQLError('Syntax Error: Unterminated string.');
      out.push({ t: 's', v: s });
      i = j + 1;
      continue;
    }
    const num = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(src.slice(i));
    if (num) {
      out.push({ t: num[1]! || num[2]! ? 'f' : 'i', v: num[0]! });
      i += num[0]!.length;
      continue;
    }
    const name = /^[_A-Za-z][_0-9A-Za-z]*/.exec(src.slice(i));
    if (name) {
      out.push({ t: 'n', v: name[0]! });
      i += name[0]!.length;
      continue;
    }
    throw new GraphQLError(`Syntax Error: Unexpected character: "${c}".`);
  }
  return out;
}

export function parseGql(src: string): { ops: GOp[]; frags: Record<string, GFrag> } {
  const toks = lexGql(src);
  let p = 0;
  const peek = (): { t: string; v: string } => toks[p]!;
  const isP = (v: string) => peek()?.t === 'p' && peek().v === v;
  const expectP = (v: string) => {
    if (!isP(v))
      throw new GraphQLError(
        `Syntax Error: Expected "${v}", found ${peek() ? `"${peek().v}"` : '<EOF>'}.`,
      );
    p++;
  };
  const name = () => {
    if (peek()?.t !== 'n')
      throw new GraphQLError(
        `Syntax Error: Expected Name, found ${peek() ? `"${peek().v}"` : '<EOF>'}.`,
      );
    return toks[p++]!.v;
  };
  const value = (): GValue => {
    const t = peek();
    if (!t) throw new GraphQLError('Syntax Error: Unexpected <EOF>.');
    if (t.t === 'p' && t.v === '$') {
      p++;
      return { kind: 'var', name: name() };
    }
    if (t.t === 'p' && t.v === '[') {
      p++;
      const values: GValue[] = [];
      while (!isP(']')) values.push(value());
      p++;
      return { kind: 'list', values };
    }
    if (t.t === 'p' && t.v === '{') {
      p++;
      const fields: Record<string, GValue> = {};
      while (!isP('}')) {
        const k = name();
        expectP(':');
        fields[k] = value();
      }
      p++;
      return { kind: 'object', fields };
    }
    p++;
    if (t.t === 's') return { kind: 'string', value: t.v };
    if (t.t === 'i') return { kind: 'int', value: Number(t.v) };
    if (t.t === 'f') return { kind: 'float', value: Number(t.v) };
    if (t.t === 'n') {
      if (t.v === 'true' || t.v === 'false') return { kind: 'boolean', value: t.v === 'true' };
      if (t.v === 'null') return { kind: 'null', value: null };
      return { kind: 'enum', value: t.v };
    }
    throw new GraphQLError(`Syntax Error: Unexpected "${t.v}".`);
  };
  const typeRef = (): string => {
    let s: string;
    if (isP('[')) {
      p++;
      s = `[${typeRef()}]`;
      expectP(']');
    } else s = name();
    if (isP('!')) {
      p++;
      s += '!';
    }
    return s;
  };
  const directives = () => {
    while (isP('@')) {
      p++;
      name();
      if (isP('(')) {
        p++;
        while (!isP(')')) {
          name();
          expectP(':');
          value();
        }
        p++;
      }
    }
  };
  const selectionSet = (): GSel[] => {
    expectP('{');
    const sels: GSel[] = [];
    while (!isP('}')) {
      if (!peek()) throw new GraphQLError('Syntax Error: Expected Name, found <EOF>.');
      if (isP('...')) {
        p++;
        if (peek()?.t === 'n' && peek().v === 'on') {
          p++;
          const on = name();
          directives();
          sels.push({ kind: 'inline', on, selections: selectionSet() });
        } else if (isP('{') || isP('@')) {
          directives();
          sels.push({ kind: 'inline', selections: selectionSet() });
        } else {
          sels.push({ kind: 'spread', name: name() });
          directives();
        }
        continue;
      }
      let alias: string | undefined;
      let fname = name();
      if (isP(':')) {
        p++;
        alias = fname;
        fname = name();
      }
      const args: Record<string, GValue> = {};
      if (isP('(')) {
        p++;
        while (!isP(')')) {
          const k = name();
          expectP(':');
          args[k] = value();
        }
        p++;
      }
      directives();
      const f: GField = { kind: 'field', alias, name: fname, args };
      if (isP('{')) f.selections = selectionSet();
      sels.push(f);
    }
    p++;
    return sels;
  };
  const ops: GOp[] = [];
  const frags: Record<string, GFrag> = {};
  while (p < toks.length) {
    if (isP('{')) {
      ops.push({ kind: 'op', type: 'query', vars: [], selections: selectionSet() });
      continue;
    }
    const kw = name();
    if (kw === 'fragment') {
      const fname = name();
      if (name() !== 'on') throw new GraphQLError('Syntax Error: Expected "on".');
      const on = name();
      directives();
      frags[fname] = { kind: 'frag', name: fname, on, selections: selectionSet() };
      continue;
    }
    if (kw !== 'query' && kw !== 'mutation')
      throw new GraphQLError(`Syntax Error: Unexpected Name "${kw}".`);
    const op: GOp = { kind: 'op', type: kw, vars: [], selections: [] };
    if (peek()?.t === 'n') op.name = name();
    if (isP('(')) {
      p++;
      while (!isP(')')) {
        expectP('$');
        const vname = name();
        expectP(':');
        const type = typeRef();
        let def: GValue | undefined;
        if (isP('=')) {
          p++;
          def = value();
        }
        directives();
        op.vars.push({ name: vname, type, def });
      }
      p++;
    }
    directives();
    op.selections = selectionSet();
    ops.push(op);
  }
  return { ops, frags };
}

export function resolveValue(v: GValue, vars: Rec): any {
  switch (v.kind) {
    case 'var':
      return vars[v.name];
    case 'list':
      return v.values.map((x) => resolveValue(x, vars));
    case 'object':
      return Object.fromEntries(
        Object.entries(v.fields).map(([k, x]) => [k, resolveValue(x, vars)]),
      );
    default:
      return v.value;
  }
}

/** One page of a Relay connection over `items`, after the cursor `args.after`. */
export function connection(items: Rec[], args: Rec, view: (x: Rec) => Rec) {
  const first = pageSize(args.first, DEFAULT_FIRST, 250); // Linear's documented maximum
  if (args.first !== undefined && args.first !== null && (args.first < 0 || args.first > 250)) {
    throw new GraphQLError('first must be between 0 and 250', 'INVALID_INPUT', 200);
  }
  let start = 0;
  if (args.after) {
    const idx = items.findIndex(
      (x) => x.id === Buffer.from(String(args.after), 'base64').toString(),
    );
    if (idx < 0) throw new GraphQLError('Invalid cursor', 'INVALID_INPUT', 200);
    start = idx + 1;
  }
  const page = items.slice(start, start + first);
  const cursor = (x: Rec) => Buffer.from(String(x.id)).toString('base64');
  return {
    __typename: 'Connection',
    nodes: page.map(view),
    edges: page.map((x) => ({ __typename: 'Edge', node: view(x), cursor: cursor(x) })),
    pageInfo: {
      __typename: 'PageInfo',
      hasNextPage: start + first < items.length,
      hasPreviousPage: start > 0,
      startCursor: page.length ? cursor(page[0]!) : null,
      endCursor: page.length ? cursor(page[page.length - 1]!) : null,
    },
  };
}
