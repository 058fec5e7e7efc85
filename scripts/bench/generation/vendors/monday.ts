// monday.com's GraphQL API v2 (POST https://api.monday.com/v2), from its public reference. The
// token goes in the `Authorization` header as it is (no scheme); `API-Version` (e.g. "2025-04")
// picks the schema version, the current one when absent. A board's items are read through
// `items_page` (on a board or on one of its groups; limit default 25, max 500), which answers a
// `cursor` to pass to `next_items_page` until it is null; items come in board order. Each
// item's `column_values` have `id`, `type`, `text` and `value` (a JSON string), and typed
// fragments such as `... on StatusValue { label }`. `create_item(board_id, group_id, item_name,
// column_values)` takes the column values as ONE JSON string keyed by column id: status
// {"label": …} or {"index": n}, text "…", date {"date": "YYYY-MM-DD"}, email {"email", "text"};
// a label the status column lacks is refused unless `create_labels_if_missing: true`. Errors come
// in a GraphQL `errors` array with `extensions.code`.
import type {
  MockRequest,
  MockResponse,
  VendorContext,
  VendorInstance,
  VendorMock,
} from '../contract.ts';
import { json, pageSize } from '../mock-kit.ts';
import {
  GraphQLSyntaxError,
  parseDocument,
  type Inline,
  type Selection,
  type Value,
} from './monday/graphql.ts';

type Rec = Record<string, unknown>;

// `limit` is honoured up to 500; without it pages hold this many, standing in for monday's default
// of 25, so that paging matters.
const DEFAULT_LIMIT = 4;

// The GraphQL reader is in monday/graphql.ts.

// ---- the monday schema the mock serves ------------------------------------------------------

class GqlError extends Error {
  code: string;
  data?: Rec;
  constructor(message: string, code: string, data?: Rec) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

/** A node: its GraphQL type and a resolver per field (plain values or functions of the arguments). */
interface GqlNode {
  __typename: string;
  [field: string]: unknown;
}

export const mock: VendorMock = {
  vendor: 'monday',
  references: [
    'https://developer.monday.com/api-reference/docs/basics',
    'https://developer.monday.com/api-reference/docs/authentication',
    'https://developer.monday.com/api-reference/docs/api-versioning',
    'https://developer.monday.com/api-reference/reference/items-page',
    'https://developer.monday.com/api-reference/reference/items#create-an-item',
    'https://developer.monday.com/api-reference/reference/column-values-v2',
    'https://developer.monday.com/api-reference/reference/status',
    'https://developer.monday.com/api-reference/reference/date',
    'https://developer.monday.com/api-reference/reference/email',
    'https://developer.monday.com/api-reference/reference/text',
    'https://developer.monday.com/api-reference/docs/errors',
  ],
  unauthorized: () =>
    json(401, {
      errors: [
        {
          message: 'Not Authenticated',
          extensions: { code: 'USER_UNAUTHORIZED', status_code: 401 },
        },
      ],
    }),
  create(seed: unknown, context: VendorContext): VendorInstance {
    const data = (seed ?? {}) as { account_id?: number; boards?: Rec[]; items?: Rec[] };
    const accountId = data.account_id ?? 9876543;
    const boards: Rec[] = structuredClone(data.boards ?? []);
    // An item: { id, board_id, group_id, name, position, state, created_at, column_text: {colId: text}, column_values: {colId: value} }
    const items: Rec[] = structuredClone(data.items ?? []).map((it, i) => ({
      state: 'active',
      position: i + 1,
      created_at: '2026-11-01T09:00:00Z',
      column_values: {},
      ...it,
      id: String(it.id),
      board_id: String(it.board_id),
    }));
    for (const it of items) it.column_text = textsOf(it);
    let nextItemId = 1890000001;

    function boardById(id: string): Rec | undefined {
      return boards.find((b) => String(b.id) === id);
    }
    function columnsOf(board: Rec): Rec[] {
      return (board.columns ?? []) as Rec[];
    }
    function statusLabels(col: Rec): Record<string, string> {
      return (col.labels ?? {}) as Record<string, string>;
    }
    /** The `text` monday shows for each column of an item. */
    function textsOf(item: Rec): Record<string, string> {
      const board = boardById(String(item.board_id));
      const out: Record<string, string> = {};
      const values = (item.column_values ?? {}) as Record<string, unknown>;
      for (const col of board ? columnsOf(board) : []) {
        const v = values[String(col.id)];
        if (v === undefined || v === null) continue;
        let text: string;
        switch (col.type) {
          case 'status':
            text = statusLabels(col)[String((v as Rec).index)] ?? '';
            break;
          case 'text':
          case 'long_text':
            text = typeof v === 'string' ? v : String((v as Rec).text ?? '');
            break;
          case 'date':
            text = `${String((v as Rec).date ?? '')}${(v as Rec).time ? ` ${String((v as Rec).time)}` : ''}`;
            break;
          case 'email':
            text = String((v as Rec).email ?? '');
            break;
          case 'numbers':
            text = String(v);
            break;
          default:
            text = typeof v === 'string' ? v : JSON.stringify(v);
        }
        if (text !== '') out[String(col.id)] = text;
      }
      return out;
    }

    function columnValueNode(item: Rec, col: Rec): GqlNode {
      const raw = ((item.column_values ?? {}) as Record<string, unknown>)[String(col.id)];
      const text = textsOf(item)[String(col.id)] ?? '';
      const typeName: Record<string, string> = {
        status: 'StatusValue',
        text: 'TextValue',
        date: 'DateValue',
        email: 'EmailValue',
        numbers: 'NumbersValue',
        long_text: 'LongTextValue',
      };
      const node: GqlNode = {
        __typename: typeName[String(col.type)] ?? 'ColumnValue',
        id: col.id,
        type: col.type,
        text: raw === undefined ? null : text,
        value: raw === undefined ? null : JSON.stringify(raw),
        column: { __typename: 'Column', id: col.id, title: col.title, type: col.type },
      };
      if (col.type === 'status') {
        node.label = raw === undefined ? null : text;
        node.index = raw === undefined ? null : (raw as Rec).index;
        node.is_done = text === 'Done';
      }
      if (col.type === 'date') {
        node.date = raw === undefined ? null : (raw as Rec).date;
        node.time = raw === undefined ? null : ((raw as Rec).time ?? null);
      }
      if (col.type === 'email') {
        node.email = raw === undefined ? null : (raw as Rec).email;
        node.label = raw === undefined ? null : (raw as Rec).text;
      }
      if (col.type === 'numbers') node.number = raw === undefined ? null : Number(raw);
      return node;
    }

    function itemNode(item: Rec): GqlNode {
      const board = boardById(String(item.board_id))!;
      const group = ((board.groups ?? []) as Rec[]).find((g) => g.id === item.group_id);
      return {
        __typename: 'Item',
        id: item.id,
        name: item.name,
        state: item.state,
        created_at: item.created_at,
        updated_at: item.updated_at ?? item.created_at,
        url: `https://acme.monday.com/boards/${String(board.id)}/pulses/${String(item.id)}`,
        board: () => boardNode(board),
        group: group
          ? {
              __typename: 'Group',
              id: group.id,
              title: group.title,
              color: group.color ?? '#579bfc',
              position: String(group.position ?? '1'),
            }
          : null,
        column_values: (args: Rec) => {
          const ids = args.ids as string[] | undefined;
          return columnsOf(board)
            .filter((c) => c.type !== 'name' && (!ids || ids.includes(String(c.id))))
            .map((c) => columnValueNode(item, c));
        },
      };
    }

    const cursors = new Map<string, { list: Rec[]; at: number }>();
    let cursorSeq = 1;
    function pageOf(list: Rec[], at: number, limit: number): GqlNode {
      const size = limit;
      const slice = list.slice(at, at + size);
      let cursor: string | null = null;
      if (at + size < list.length) {
        cursor = `MSw5NzI4MDA5MDAsaV9YcmxJb0p1VEdYc1VWeGlxeF9kLDg4MiwzNXw0MTQ1NzU5ODk${cursorSeq++}`;
        cursors.set(cursor, { list, at: at + size });
      }
      return { __typename: 'ItemsResponse', cursor, items: slice.map(itemNode) };
    }
    function limitArg(args: Rec): number {
      const limit = args.limit === undefined ? 25 : Number(args.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 500)
        throw new GqlError('limit must be between 1 and 500', 'InvalidArgumentException');
      return pageSize(args.limit, DEFAULT_LIMIT, 500);
    }
    function itemsMatching(board: Rec, groupId: string | undefined, args: Rec): Rec[] {
      let list = items.filter(
        (it) =>
          it.board_id === String(board.id) &&
          it.state === 'active' &&
          (!groupId || it.group_id === groupId),
      );
      const qp = args.query_params as Rec | undefined;
      if (qp && Array.isArray(qp.rules)) {
        for (const rule of qp.rules as Rec[]) {
          const colId = String(rule.column_id);
          const wanted = (
            Array.isArray(rule.compare_value) ? rule.compare_value : [rule.compare_value]
          ).map(String);
          const op = String(rule.operator ?? 'any_of');
          list = list.filter((it) => {
            const col = columnsOf(board).find((c) => c.id === colId);
            const raw = ((it.column_values ?? {}) as Rec)[colId];
            const candidates =
              col?.type === 'status' && raw
                ? [String((raw as Rec).index), textsOf(it)[colId]]
                : [textsOf(it)[colId] ?? (colId === 'name' ? String(it.name) : '')];
            const hit = candidates.some((c) => wanted.includes(String(c)));
            return op === 'not_any_of' ? !hit : hit;
          });
        }
      }
      return list.sort((a, b) => Number(a.position) - Number(b.position));
    }

    function boardNode(board: Rec): GqlNode {
      return {
        __typename: 'Board',
        id: String(board.id),
        name: board.name,
        state: board.state ?? 'active',
        board_kind: board.board_kind ?? 'public',
        description: board.description ?? null,
        workspace_id: board.workspace_id ?? null,
        columns: (args: Rec) => {
          const ids = args.ids as string[] | undefined;
          return columnsOf(board)
            .filter((c) => !ids || ids.includes(String(c.id)))
            .map((c) => ({
              __typename: 'Column',
              id: c.id,
              title: c.title,
              type: c.type,
              archived: false,
              description: null,
              settings_str: JSON.stringify(c.type === 'status' ? { labels: statusLabels(c) } : {}),
            }));
        },
        groups: (args: Rec) => {
          const ids = args.ids as string[] | undefined;
          return ((board.groups ?? []) as Rec[])
            .filter((g) => !ids || ids.includes(String(g.id)))
            .map((g) => ({
              __typename: 'Group',
              id: g.id,
              title: g.title,
              color: g.color ?? '#579bfc',
              position: String(g.position ?? '1'),
              archived: false,
              deleted: false,
              items_page: (a: Rec) => pageOf(itemsMatching(board, String(g.id), a), 0, limitArg(a)),
            }));
        },
        items_page: (a: Rec) => pageOf(itemsMatching(board, undefined, a), 0, limitArg(a)),
        items_count: items.filter((it) => it.board_id === String(board.id) && it.state === 'active')
          .length,
      };
    }

    function parseColumnValues(
      board: Rec,
      raw: unknown,
      createLabels: boolean,
    ): Record<string, unknown> {
      if (raw === undefined || raw === null) return {};
      if (typeof raw !== 'string') {
        throw new GqlError(
          'Invalid type for argument column_values: a JSON string is expected',
          'InvalidArgumentException',
        );
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        throw new GqlError('column_values is not a valid JSON', 'InvalidColumnValuesJsonException');
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
        throw new GqlError(
          'column_values is not a valid JSON object',
          'InvalidColumnValuesJsonException',
        );
      const out: Record<string, unknown> = {};
      for (const [colId, v] of Object.entries(parsed as Rec)) {
        const col = columnsOf(board).find((c) => c.id === colId);
        if (!col)
          throw new GqlError(
            `This column ID doesn't exist for the board`,
            'InvalidColumnIdException',
            { column_id: colId, board_id: board.id },
          );
        const bad = (why: string): GqlError =>
          new GqlError(`invalid value - ${why}`, 'ColumnValueException', {
            column_value: JSON.stringify(v),
            column_type: col.type,
          });
        if (v === null || v === '') {
          continue;
        }
        switch (col.type) {
          case 'status': {
            const labels = statusLabels(col);
            let index: string | undefined;
            if (typeof v === 'string') index = Object.keys(labels).find((k) => labels[k] === v);
            else if (typeof v === 'object' && (v as Rec).label !== undefined)
              index = Object.keys(labels).find((k) => labels[k] === String((v as Rec).label));
            else if (typeof v === 'object' && (v as Rec).index !== undefined)
              index =
                labels[String((v as Rec).index)] !== undefined
                  ? String((v as Rec).index)
                  : undefined;
            else throw bad('unsupported status value');
            if (index === undefined) {
              const label = typeof v === 'string' ? v : (v as Rec).label;
              if (createLabels && label !== undefined) {
                index = String(Math.max(0, ...Object.keys(labels).map(Number)) + 1);
                labels[index] = String(label);
                col.labels = labels;
              } else {
                throw new GqlError(
                  `This status label doesn't exist, possible statuses are: ${Object.entries(labels)
                    .map(([k, l]) => `${k}: ${l}`)
                    .join(', ')}`,
                  'ColumnValueException',
                  { column_value: JSON.stringify(v), column_type: 'status' },
                );
              }
            }
            out[colId] = { index: Number(index) };
            break;
          }
          case 'text':
            if (typeof v !== 'string' && typeof v !== 'number')
              throw bad('text column expects a string');
            out[colId] = String(v);
            break;
          case 'long_text':
            out[colId] =
              typeof v === 'string' ? { text: v } : { text: String((v as Rec).text ?? '') };
            break;
          case 'numbers':
            if (Number.isNaN(Number(v))) throw bad('numbers column expects a number');
            out[colId] = String(v);
            break;
          case 'date': {
            const d = typeof v === 'string' ? v.split(' ')[0] : (v as Rec).date;
            const time =
              typeof v === 'object'
                ? (v as Rec).time
                : typeof v === 'string'
                  ? v.split(' ')[1]
                  : undefined;
            if (
              typeof d !== 'string' ||
              !/^\d{4}-\d\d-\d\d$/.test(d) ||
              Number.isNaN(Date.parse(`${d}T00:00:00Z`))
            )
              throw bad('date should be in the format YYYY-MM-DD');
            out[colId] = time ? { date: d, time } : { date: d };
            break;
          }
          case 'email': {
            if (typeof v !== 'object' || typeof (v as Rec).email !== 'string')
              throw bad('email column expects {"email": …, "text": …}');
            const email = String((v as Rec).email);
            if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw bad('invalid email address');
            out[colId] = { email, text: String((v as Rec).text ?? email) };
            break;
          }
          default:
            out[colId] = v;
        }
      }
      return out;
    }

    const root: GqlNode = {
      __typename: 'Query',
      boards: (args: Rec) => {
        const ids =
          args.ids === undefined
            ? undefined
            : (Array.isArray(args.ids) ? args.ids : [args.ids]).map(String);
        return boards.filter((b) => !ids || ids.includes(String(b.id))).map(boardNode);
      },
      items: (args: Rec) => {
        const ids = (Array.isArray(args.ids) ? args.ids : [args.ids]).map(String);
        return items.filter((it) => ids.includes(String(it.id))).map(itemNode);
      },
      next_items_page: (args: Rec) => {
        const entry = cursors.get(String(args.cursor));
        if (!entry)
          throw new GqlError(
            'CursorException: cursor has expired or is invalid',
            'CursorException',
          );
        return pageOf(entry.list, entry.at, limitArg(args));
      },
      me: { __typename: 'User', id: '55501234', name: 'API user', email: 'api@acme.com' },
      version: { __typename: 'Version', kind: 'current', value: '2025-04' },
    };
    const mutationRoot: GqlNode = {
      __typename: 'Mutation',
      create_item: (args: Rec) => {
        const board = boardById(String(args.board_id));
        if (!board)
          throw new GqlError('Board not found', 'ResourceNotFoundException', {
            board_id: args.board_id,
          });
        if (typeof args.item_name !== 'string' || args.item_name === '')
          throw new GqlError('item_name is required', 'InvalidArgumentException');
        const groups = (board.groups ?? []) as Rec[];
        let groupId = groups[0]?.id as string | undefined;
        if (args.group_id !== undefined && args.group_id !== null) {
          if (!groups.some((g) => g.id === args.group_id))
            throw new GqlError('Group not found', 'InvalidGroupIdException', {
              group_id: args.group_id,
            });
          groupId = String(args.group_id);
        }
        const values = parseColumnValues(
          board,
          args.column_values,
          args.create_labels_if_missing === true,
        );
        // New items go to the top of their group.
        const minPos = Math.min(
          0,
          ...items.filter((it) => it.group_id === groupId).map((it) => Number(it.position)),
        );
        const item: Rec = {
          id: String(nextItemId++),
          board_id: String(board.id),
          group_id: groupId,
          name: args.item_name,
          position: minPos - 1,
          state: 'active',
          created_at: context
            .now()
            .toISOString()
            .replace(/\.\d{3}Z$/, 'Z'),
          column_values: values,
        };
        item.column_text = textsOf(item);
        items.push(item);
        return itemNode(item);
      },
      change_multiple_column_values: (args: Rec) => {
        const item = items.find((it) => it.id === String(args.item_id));
        if (!item) throw new GqlError('Item not found', 'ResourceNotFoundException');
        const board = boardById(String(item.board_id))!;
        Object.assign(
          item.column_values as Rec,
          parseColumnValues(board, args.column_values, args.create_labels_if_missing === true),
        );
        item.column_text = textsOf(item);
        return itemNode(item);
      },
    };

    function execute(
      selections: Selection[],
      node: unknown,
      vars: Rec,
      fragments: Record<string, Inline>,
      path: string,
    ): unknown {
      if (node === null || node === undefined) return null;
      if (Array.isArray(node))
        return node.map((n) => execute(selections, n, vars, fragments, path));
      const n = node as GqlNode;
      const out: Rec = {};
      const walk = (sels: Selection[]): void => {
        for (const sel of sels) {
          if (sel.kind === 'spread') {
            const frag = fragments[sel.name];
            if (!frag)
              throw new GqlError(`Unknown fragment "${sel.name}".`, 'GraphQLValidationError');
            if (!frag.on || frag.on === n.__typename || frag.on === 'ColumnValue')
              walk(frag.selections);
            continue;
          }
          if (sel.kind === 'inline') {
            if (
              !sel.on ||
              sel.on === n.__typename ||
              (sel.on === 'ColumnValue' && /Value$/.test(n.__typename))
            )
              walk(sel.selections);
            continue;
          }
          const key = sel.alias ?? sel.name;
          if (sel.name === '__typename') {
            out[key] = n.__typename;
            continue;
          }
          if (!(sel.name in n))
            throw new GqlError(
              `Cannot query field "${sel.name}" on type "${n.__typename}".`,
              'GraphQLValidationError',
            );
          const args: Rec = {};
          for (const [k, v] of Object.entries(sel.args)) args[k] = resolveValue(v, vars);
          let value = n[sel.name];
          if (typeof value === 'function') value = (value as (a: Rec) => unknown)(args);
          if (sel.selections)
            out[key] = execute(sel.selections, value, vars, fragments, `${path}.${key}`);
          else if (value !== null && typeof value === 'object')
            throw new GqlError(
              `Field "${sel.name}" of type "${n.__typename}" must have a selection of subfields.`,
              'GraphQLValidationError',
            );
          else out[key] = value ?? null;
        }
      };
      walk(selections);
      return out;
    }
    function resolveValue(v: Value, vars: Rec): unknown {
      switch (v.kind) {
        case 'var':
          return vars[v.name];
        case 'lit':
          return v.value;
        case 'list':
          return v.items.map((x) => resolveValue(x, vars));
        case 'obj':
          return Object.fromEntries(
            Object.entries(v.fields).map(([k, x]) => [k, resolveValue(x, vars)]),
          );
      }
    }

    return {
      collections: () => ({ items, boards }),
      handle(req: MockRequest): MockResponse {
        const path = req.path.replace(/\/+$/, '');
        if (path !== '/v2') return json(404, { errors: [{ message: 'Not found' }] });
        const version = req.headers['api-version'];
        if (version !== undefined && !/^\d{4}-(01|04|07|10)$/.test(version)) {
          return json(400, {
            errors: [
              {
                message: `Invalid API version: ${version}`,
                extensions: { code: 'InvalidVersionException', status_code: 400 },
              },
            ],
            account_id: accountId,
          });
        }
        let body = req.body as Rec | undefined;
        if (req.method === 'GET') body = { query: req.query.get('query') ?? undefined };
        else if (req.method !== 'POST')
          return json(405, { errors: [{ message: 'Method not allowed' }] });
        if (!body || typeof body.query !== 'string') {
          return json(400, {
            errors: [
              {
                message: 'No query string was present',
                extensions: { code: 'BadRequest', status_code: 400 },
              },
            ],
            account_id: accountId,
          });
        }
        const vars = (
          body.variables && typeof body.variables === 'object'
            ? body.variables
            : typeof body.variables === 'string'
              ? JSON.parse(body.variables)
              : {}
        ) as Rec;
        try {
          const doc = parseDocument(body.query);
          const op = body.operationName
            ? doc.operations.find((o) => o.name === body!.operationName)
            : doc.operations[0];
          if (!op) throw new GqlError('No operation to run', 'GraphQLValidationError');
          for (const d of op.vars)
            if (vars[d.name] === undefined && d.defaultValue)
              vars[d.name] = resolveValue(d.defaultValue, {});
          const rootNode = op.type === 'mutation' ? mutationRoot : root;
          const result = execute(op.selections, rootNode, vars, doc.fragments, '');
          return json(200, { data: result, account_id: accountId });
        } catch (error) {
          if (error instanceof GraphQLSyntaxError) {
            return json(200, {
              errors: [
                {
                  message: `Parse error: ${error.message}`,
                  extensions: { code: 'GRAPHQL_PARSE_FAILED' },
                },
              ],
              account_id: accountId,
            });
          }
          if (error instanceof GqlError) {
            const validation = error.code === 'GraphQLValidationError';
            return json(200, {
              ...(validation ? {} : { data: null }),
              errors: [
                {
                  message: error.message,
                  locations: [{ line: 1, column: 1 }],
                  extensions: {
                    code: error.code,
                    status_code: 200,
                    ...(error.data ? { error_data: error.data } : {}),
                  },
                },
              ],
              account_id: accountId,
            });
          }
          throw error;
        }
      },
    };
  },
};
