// The monday mock's GraphQL reader: operations, variables, arguments, aliases and fragments of
// the documents the code under test sends, as plain data the mock's schema resolves.

export type Value =
  | { kind: 'var'; name: string }
  | { kind: 'lit'; value: unknown }
  | { kind: 'list'; items: Value[] }
  | { kind: 'obj'; fields: Record<string, Value> };
export interface Field {
  kind: 'field';
  alias?: string;
  name: string;
  args: Record<string, Value>;
  selections?: Selection[];
}
export interface Inline {
  kind: 'inline';
  on?: string;
  selections: Selection[];
}
export interface Spread {
  kind: 'spread';
  name: string;
}
export type Selection = Field | Inline | Spread;
export interface Operation {
  type: 'query' | 'mutation';
  name?: string;
  vars: { name: string; defaultValue?: Value }[];
  selections: Selection[];
}

export class GraphQLSyntaxError extends Error {}

function tokenize(src: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/[\s,\uFEFF]/.test(c)) {
      i++;
      continue;
    }
    if (c === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (src.startsWith('...', i)) {
      tokens.push('...');
      i += 3;
      continue;
    }
    if ('{}()[]:!$=@|&'.includes(c)) {
      tokens.push(c);
      i++;
      continue;
    }
    if (src.startsWith('"""', i)) {
      const end = src.indexOf('"""', i + 3);
      if (end < 0) throw new GraphQLSyntaxError('Unterminated string');
      tokens.push(JSON.stringify(src.slice(i + 3, end)));
      i = end + 3;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      while (j < src.length && src[j] !== '"') {
        if (src[j] === '\\') j++;
        j++;
      }
      if (j >= src.length) throw new GraphQLSyntaxError('Unterminated string');
      tokens.push(src.slice(i, j + 1));
      i = j + 1;
      continue;
    }
    const m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?|^[_A-Za-z][_0-9A-Za-z]*/.exec(src.slice(i));
    if (!m) throw new GraphQLSyntaxError(`Unexpected character "${c}"`);
    tokens.push(m[0]);
    i += m[0].length;
  }
  return tokens;
}

export function parseDocument(src: string): {
  operations: Operation[];
  fragments: Record<string, Inline>;
} {
  const t = tokenize(src);
  let p = 0;
  const peek = (): string | undefined => t[p];
  const next = (): string => {
    if (p >= t.length) throw new GraphQLSyntaxError('Unexpected end of document');
    return t[p++]!;
  };
  const expect = (tok: string): void => {
    const got = next();
    if (got !== tok) throw new GraphQLSyntaxError(`Expected "${tok}", found "${got}"`);
  };
  const name = (): string => {
    const n = next();
    if (!/^[_A-Za-z]/.test(n)) throw new GraphQLSyntaxError(`Expected a name, found "${n}"`);
    return n;
  };
  function value(): Value {
    const tok = next();
    if (tok === '$') return { kind: 'var', name: name() };
    if (tok === '[') {
      const items: Value[] = [];
      while (peek() !== ']') items.push(value());
      expect(']');
      return { kind: 'list', items };
    }
    if (tok === '{') {
      const fields: Record<string, Value> = {};
      while (peek() !== '}') {
        const k = name();
        expect(':');
        fields[k] = value();
      }
      expect('}');
      return { kind: 'obj', fields };
    }
    if (tok.startsWith('"')) return { kind: 'lit', value: JSON.parse(tok) };
    if (/^-?\d/.test(tok)) return { kind: 'lit', value: Number(tok) };
    if (tok === 'true' || tok === 'false') return { kind: 'lit', value: tok === 'true' };
    if (tok === 'null') return { kind: 'lit', value: null };
    return { kind: 'lit', value: tok }; // an enum value
  }
  function skipDirectives(): void {
    while (peek() === '@') {
      next();
      name();
      if (peek() === '(') {
        next();
        while (peek() !== ')') {
          name();
          expect(':');
          value();
        }
        expect(')');
      }
    }
  }
  function selectionSet(): Selection[] {
    expect('{');
    const out: Selection[] = [];
    while (peek() !== '}') {
      if (peek() === '...') {
        next();
        if (peek() === 'on') {
          next();
          const on = name();
          skipDirectives();
          out.push({ kind: 'inline', on, selections: selectionSet() });
        } else if (peek() === '{' || peek() === '@') {
          skipDirectives();
          out.push({ kind: 'inline', selections: selectionSet() });
        } else {
          out.push({ kind: 'spread', name: name() });
          skipDirectives();
        }
        continue;
      }
      let fieldName = name();
      let alias: string | undefined;
      if (peek() === ':') {
        next();
        alias = fieldName;
        fieldName = name();
      }
      const args: Record<string, Value> = {};
      if (peek() === '(') {
        next();
        while (peek() !== ')') {
          const k = name();
          expect(':');
          args[k] = value();
        }
        expect(')');
      }
      skipDirectives();
      const field: Field = { kind: 'field', alias, name: fieldName, args };
      if (peek() === '{') field.selections = selectionSet();
      out.push(field);
    }
    expect('}');
    return out;
  }
  function typeRef(): void {
    if (peek() === '[') {
      next();
      typeRef();
      expect(']');
    } else name();
    if (peek() === '!') next();
  }
  const operations: Operation[] = [];
  const fragments: Record<string, Inline> = {};
  while (p < t.length) {
    if (peek() === '{') {
      operations.push({ type: 'query', vars: [], selections: selectionSet() });
      continue;
    }
    const kw = name();
    if (kw === 'fragment') {
      const fname = name();
      expect('on');
      const on = name();
      skipDirectives();
      fragments[fname] = { kind: 'inline', on, selections: selectionSet() };
      continue;
    }
    if (kw !== 'query' && kw !== 'mutation') throw new GraphQLSyntaxError(`Unexpected "${kw}"`);
    const op: Operation = { type: kw, vars: [], selections: [] };
    if (peek() !== '(' && peek() !== '{' && peek() !== '@') op.name = name();
    if (peek() === '(') {
      next();
      while (peek() !== ')') {
        expect('$');
        const vname = name();
        expect(':');
        typeRef();
        let defaultValue: Value | undefined;
        if (peek() === '=') {
          next();
          defaultValue = value();
        }
        op.vars.push({ name: vname, defaultValue });
      }
      expect(')');
    }
    skipDirectives();
    op.selections = selectionSet();
    operations.push(op);
  }
  return { operations, fragments };
}
