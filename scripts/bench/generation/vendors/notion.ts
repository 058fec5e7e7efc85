// Notion API v1 (https://api.notion.com/v1), databases and pages, with an integration token
// (Authorization: Bearer secret_… / ntn_…). From developers.notion.com (see `references`):
// - Every request needs the Notion-Version header (e.g. 2022-06-28); without it: 400
//   {"object":"error","status":400,"code":"missing_version","message":"Notion-Version header
//   failed validation: Notion-Version header should be defined, instead was `undefined`."}.
// - POST /v1/databases/{id}/query {filter, sorts, start_cursor, page_size (max 100)} →
//   {object:"list", results:[page], next_cursor, has_more, type:"page_or_database"}. Archived /
//   trashed pages are not returned. (Version 2025-09-03 moves this to
//   /v1/data_sources/{id}/query; both are served, a database's data source has the same id here.)
// - A filter names the property and its TYPE: {property:"Status", status:{equals:"Done"}}; a
//   filter whose type does not match the property's type is a 400 validation_error. Compound
//   {and:[…]}/{or:[…]}; timestamp filters {timestamp:"created_time", created_time:{after}}.
// - Page property values are typed objects: title / rich_text arrays of rich text, number,
//   select {name}, status {name}, date {start, end}, url, checkbox, people, multi_select.
// - POST /v1/pages {parent:{database_id}, properties}: each property must exist in the database
//   ("X is not a property that exists.") and its value must have the property's type; status
//   options cannot be created through the API, select options can. PATCH /v1/pages/{id}.
// - Errors: {"object":"error","status","code","message"} (validation_error, object_not_found,
//   unauthorized, missing_version, invalid_json).
// Page size: at most 3 results a page here so that has_more / next_cursor matter.
// Collection `pages`: Notion page objects, each also carrying `values`: the properties as plain
// values ({Name: "text", Count: 3, Due: "2026-11-20", Tags: ["a"], Done: true}) — a checker's
// convenience, not a Notion field.
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
const VERSIONS = ['2021-05-13', '2021-08-16', '2022-02-22', '2022-06-28', '2025-09-03'];

interface NotionSeed {
  databases: {
    id: string;
    title: string;
    properties: Record<string, { type: string; options?: string[] }>;
  }[];
  /** Pages: {id?, database, archived?, created_time?, last_edited_time?, values: {Prop: plain value}} */
  pages?: Rec[];
}

const ERROR = Symbol('error');
function nerr(status: number, code: string, message: string): MockResponse {
  const r = json(status, {
    object: 'error',
    status,
    code,
    message,
    request_id: '5d3f0b2a-7a8c-4c3e-9a55-1f2e3d4c5b6a',
  });
  Object.defineProperty(r, ERROR, { value: true, enumerable: false });
  return r;
}

function richText(content: string): Rec[] {
  if (!content) return [];
  return [
    {
      type: 'text',
      text: { content, link: null },
      annotations: {
        bold: false,
        italic: false,
        strikethrough: false,
        underline: false,
        code: false,
        color: 'default',
      },
      plain_text: content,
      href: null,
    },
  ];
}

function plainOf(rt: unknown): string {
  return Array.isArray(rt)
    ? rt.map((r: Rec) => r.plain_text ?? r.text?.content ?? '').join('')
    : '';
}

const COLORS = [
  'default',
  'gray',
  'brown',
  'orange',
  'yellow',
  'green',
  'blue',
  'purple',
  'pink',
  'red',
];

export const mock: VendorMock = {
  vendor: 'notion',
  references: [
    'https://developers.notion.com/reference/versioning',
    'https://developers.notion.com/reference/post-database-query',
    'https://developers.notion.com/reference/post-database-query-filter',
    'https://developers.notion.com/reference/post-database-query-sort',
    'https://developers.notion.com/reference/post-page',
    'https://developers.notion.com/reference/patch-page',
    'https://developers.notion.com/reference/page-property-values',
    'https://developers.notion.com/reference/intro#pagination',
    'https://developers.notion.com/reference/status-codes',
    'https://developers.notion.com/docs/upgrade-guide-2025-09-03',
  ],
  unauthorized: () => nerr(401, 'unauthorized', 'API token is invalid.'),
  create(seedInput: unknown, ctx: VendorContext): VendorInstance {
    const seed = (seedInput ?? { databases: [] }) as NotionSeed;
    const databases = seed.databases.map((d) => ({
      ...d,
      schema: Object.fromEntries(
        Object.entries(d.properties).map(([name, p], i) => [
          name,
          {
            id: i === 0 ? 'title' : `p${i.toString(36)}%3A`,
            name,
            type: p.type,
            options: [...(p.options ?? [])],
          },
        ]),
      ),
    }));
    const pages: Rec[] = [];
    let counter = 0;
    const newId = () => `1a2b3c4d-0000-4000-8000-${String(++counter).padStart(12, '0')}`;

    const propValue = (def: Rec, value: unknown): Rec => {
      const base = { id: def.id, type: def.type };
      const optionOf = (name: string) => ({
        id: `opt-${Buffer.from(name).toString('hex').slice(0, 8)}`,
        name,
        color: COLORS[(def.options.indexOf(name) + 1) % COLORS.length],
      });
      switch (def.type) {
        case 'title':
          return { ...base, title: richText(String(value ?? '')) };
        case 'rich_text':
          return { ...base, rich_text: richText(String(value ?? '')) };
        case 'number':
          return { ...base, number: value ?? null };
        case 'url':
          return { ...base, url: value ?? null };
        case 'email':
          return { ...base, email: value ?? null };
        case 'checkbox':
          return { ...base, checkbox: !!value };
        case 'select':
          return { ...base, select: value ? optionOf(String(value)) : null };
        case 'status':
          return { ...base, status: value ? optionOf(String(value)) : null };
        case 'multi_select':
          return { ...base, multi_select: ((value as string[]) ?? []).map(optionOf) };
        case 'date':
          return {
            ...base,
            date: value ? { start: String(value), end: null, time_zone: null } : null,
          };
        case 'people':
          return {
            ...base,
            people: ((value as string[]) ?? []).map((id) => ({ object: 'user', id })),
          };
        default:
          return { ...base, [def.type]: value ?? null };
      }
    };
    const plainValue = (p: Rec): unknown => {
      switch (p.type) {
        case 'title':
          return plainOf(p.title);
        case 'rich_text':
          return plainOf(p.rich_text);
        case 'select':
          return p.select?.name ?? null;
        case 'status':
          return p.status?.name ?? null;
        case 'multi_select':
          return (p.multi_select ?? []).map((o: Rec) => o.name);
        case 'date':
          return p.date?.start ?? null;
        case 'people':
          return (p.people ?? []).map((u: Rec) => u.id);
        default:
          return p[p.type] ?? null;
      }
    };
    const refreshValues = (page: Rec) => {
      page.values = Object.fromEntries(
        Object.entries(page.properties).map(([k, v]) => [k, plainValue(v as Rec)]),
      );
    };
    const normalise = (raw: Rec): Rec => {
      if (raw.object === 'page') return raw;
      const db =
        databases.find((d) => d.id === raw.database || d.title === raw.database) ?? databases[0]!;
      const id = raw.id ?? newId();
      const created = raw.created_time ?? ctx.now().toISOString();
      const properties: Rec = {};
      for (const [name, def] of Object.entries(db.schema))
        properties[name] = propValue(def, raw.values?.[name]);
      const titleProp = Object.values(db.schema).find((d) => d.type === 'title');
      const title = titleProp ? String(raw.values?.[titleProp.name] ?? '') : '';
      const page: Rec = {
        object: 'page',
        id,
        created_time: created,
        last_edited_time: raw.last_edited_time ?? created,
        created_by: { object: 'user', id: 'u-0001' },
        last_edited_by: { object: 'user', id: 'u-0001' },
        cover: null,
        icon: null,
        parent: { type: 'database_id', database_id: db.id },
        archived: raw.archived ?? false,
        in_trash: raw.archived ?? false,
        properties,
        url: `https://www.notion.so/${title.replace(/[^A-Za-z0-9]+/g, '-')}-${id.replace(/-/g, '')}`,
        public_url: null,
      };
      refreshValues(page);
      return page;
    };
    for (const raw of seed.pages ?? []) pages.push(normalise(raw));

    const findDb = (id: string) => {
      const norm = id.replace(/-/g, '');
      return databases.find((d) => d.id.replace(/-/g, '') === norm);
    };

    // Filter evaluation ------------------------------------------------------------------
    const filterError = (msg: string) => {
      throw Object.assign(new Error(msg), { notion: true });
    };
    const evalCondition = (actual: unknown, type: string, cond: Rec): boolean => {
      const entries = Object.entries(cond);
      if (entries.length !== 1)
        filterError(
          `body failed validation: body.filter.${type} should have exactly one condition.`,
        );
      const [op, want] = entries[0]!;
      const isEmpty =
        actual === null ||
        actual === undefined ||
        actual === '' ||
        (Array.isArray(actual) && actual.length === 0);
      switch (op) {
        case 'equals':
          return type === 'date'
            ? String(actual ?? '').slice(0, 10) === String(want).slice(0, 10)
            : actual === want;
        case 'does_not_equal':
          return actual !== want;
        case 'contains':
          return Array.isArray(actual)
            ? actual.includes(want)
            : String(actual ?? '')
                .toLowerCase()
                .includes(String(want).toLowerCase());
        case 'does_not_contain':
          return Array.isArray(actual)
            ? !actual.includes(want)
            : !String(actual ?? '')
                .toLowerCase()
                .includes(String(want).toLowerCase());
        case 'starts_with':
          return String(actual ?? '')
            .toLowerCase()
            .startsWith(String(want).toLowerCase());
        case 'ends_with':
          return String(actual ?? '')
            .toLowerCase()
            .endsWith(String(want).toLowerCase());
        case 'is_empty':
          return isEmpty;
        case 'is_not_empty':
          return !isEmpty;
        case 'greater_than':
          return actual !== null && Number(actual) > Number(want);
        case 'less_than':
          return actual !== null && Number(actual) < Number(want);
        case 'greater_than_or_equal_to':
          return actual !== null && Number(actual) >= Number(want);
        case 'less_than_or_equal_to':
          return actual !== null && Number(actual) <= Number(want);
        case 'before':
          return !isEmpty && Date.parse(String(actual)) < Date.parse(String(want));
        case 'after':
          return !isEmpty && Date.parse(String(actual)) > Date.parse(String(want));
        case 'on_or_before':
          return !isEmpty && Date.parse(String(actual)) <= Date.parse(String(want));
        case 'on_or_after':
          return !isEmpty && Date.parse(String(actual)) >= Date.parse(String(want));
        default:
          filterError(
            `body failed validation: body.filter.${type}.${op} is not a valid filter condition.`,
          );
      }
      return false;
    };
    const matches = (page: Rec, filter: Rec, schema: Rec): boolean => {
      if (filter.and) return (filter.and as Rec[]).every((f) => matches(page, f, schema));
      if (filter.or) return (filter.or as Rec[]).some((f) => matches(page, f, schema));
      if (filter.timestamp) {
        const ts = filter.timestamp as string;
        return evalCondition(page[ts], 'date', filter[ts] ?? {});
      }
      const name = filter.property;
      const def = Object.values(schema).find((d: any) => d.name === name || d.id === name) as
        Rec | undefined;
      if (!def) filterError(`Could not find property with name or id: ${name}`);
      const typeKey = Object.keys(filter).find((k) => k !== 'property' && k !== 'type');
      if (!typeKey)
        filterError('body failed validation: body.filter should define a property condition.');
      const compatible =
        typeKey === def!.type ||
        (typeKey === 'rich_text' && ['title', 'rich_text', 'url', 'email'].includes(def!.type)) ||
        (typeKey === 'text' && ['title', 'rich_text'].includes(def!.type));
      if (!compatible)
        filterError(`database property ${def!.type} does not match filter ${typeKey}`);
      return evalCondition(page.values[def!.name], def!.type, filter[typeKey as string]);
    };

    const query = (db: (typeof databases)[number], body: Rec): MockResponse => {
      let list = pages.filter((p) => p.parent.database_id === db.id && !p.archived && !p.in_trash);
      try {
        if (body.filter) list = list.filter((p) => matches(p, body.filter, db.schema));
      } catch (e) {
        if ((e as Rec).notion) return nerr(400, 'validation_error', (e as Error).message);
        throw e;
      }
      const sorts = (body.sorts ?? []) as Rec[];
      list = [...list].sort((a, b) => {
        for (const s of sorts) {
          const av = s.timestamp ? a[s.timestamp] : a.values[s.property];
          const bv = s.timestamp ? b[s.timestamp] : b.values[s.property];
          const c = av === bv ? 0 : av === null ? 1 : bv === null ? -1 : av < bv ? -1 : 1;
          if (c) return s.direction === 'descending' ? -c : c;
        }
        return Date.parse(b.created_time) - Date.parse(a.created_time);
      });
      const size = body.page_size ?? 100;
      if (!Number.isInteger(size) || size < 1 || size > 100)
        return nerr(
          400,
          'validation_error',
          'body failed validation: body.page_size should be ≤ `100`, instead was `' + size + '`.',
        );
      const take = Math.min(size, PAGE_MAX);
      let start = 0;
      if (body.start_cursor) {
        start = list.findIndex((p) => p.id === body.start_cursor);
        if (start < 0)
          return nerr(
            400,
            'validation_error',
            'body failed validation: body.start_cursor should be a valid cursor.',
          );
      }
      const results = list.slice(start, start + take);
      const next = list[start + take];
      return json(200, {
        object: 'list',
        results,
        next_cursor: next ? next.id : null,
        has_more: !!next,
        type: 'page_or_database',
        page_or_database: {},
        request_id: 'req-0001',
      });
    };

    const buildProperties = (
      db: (typeof databases)[number],
      input: Rec,
      existing?: Rec,
    ): Rec | MockResponse => {
      const r = buildPropertiesInner(db, input, existing);
      return r;
    };
    const isError = (x: Rec): x is MockResponse => (x as Record<symbol, unknown>)[ERROR] === true;
    const buildPropertiesInner = (
      db: (typeof databases)[number],
      input: Rec,
      existing?: Rec,
    ): Rec => {
      if (!input || typeof input !== 'object' || Array.isArray(input))
        return nerr(
          400,
          'validation_error',
          'body failed validation: body.properties should be an object.',
        );
      const out: Rec = existing ? { ...existing } : {};
      for (const [key, value] of Object.entries(input)) {
        const def = Object.values(db.schema).find((d) => d.name === key || d.id === key);
        if (!def) return nerr(400, 'validation_error', `${key} is not a property that exists.`);
        const v = value as Rec;
        const where = `body.properties.${key}`;
        if (!v || typeof v !== 'object')
          return nerr(
            400,
            'validation_error',
            `body failed validation: ${where} should be an object, instead was \`${JSON.stringify(v)}\`.`,
          );
        const typeKey = def.type;
        if (!(typeKey in v)) {
          const given = Object.keys(v).filter((k) => k !== 'type' && k !== 'id')[0];
          return nerr(
            400,
            'validation_error',
            `body failed validation: ${where}.${typeKey} should be defined, instead was \`undefined\`.${given ? ` (${where}.${given} is not valid for a ${typeKey} property)` : ''}`,
          );
        }
        const raw = v[typeKey];
        let plain: unknown;
        switch (typeKey) {
          case 'title':
          case 'rich_text': {
            if (!Array.isArray(raw))
              return nerr(
                400,
                'validation_error',
                `body failed validation: ${where}.${typeKey} should be an array, instead was \`${JSON.stringify(raw)}\`.`,
              );
            const parts: string[] = [];
            for (const r of raw) {
              const content = r?.text?.content;
              if (typeof content !== 'string')
                return nerr(
                  400,
                  'validation_error',
                  `body failed validation: ${where}.${typeKey}[0].text.content should be defined, instead was \`undefined\`.`,
                );
              if (content.length > 2000)
                return nerr(
                  400,
                  'validation_error',
                  `body failed validation: ${where}.${typeKey}[0].text.content.length should be ≤ \`2000\`, instead was \`${content.length}\`.`,
                );
              parts.push(content);
            }
            plain = parts.join('');
            break;
          }
          case 'number':
            if (raw !== null && typeof raw !== 'number')
              return nerr(
                400,
                'validation_error',
                `body failed validation: ${where}.number should be a number or \`null\`, instead was \`${JSON.stringify(raw)}\`.`,
              );
            plain = raw;
            break;
          case 'url':
          case 'email':
            if (raw !== null && typeof raw !== 'string')
              return nerr(
                400,
                'validation_error',
                `body failed validation: ${where}.${typeKey} should be a string or \`null\`, instead was \`${JSON.stringify(raw)}\`.`,
              );
            plain = raw;
            break;
          case 'checkbox':
            if (typeof raw !== 'boolean')
              return nerr(
                400,
                'validation_error',
                `body failed validation: ${where}.checkbox should be a boolean, instead was \`${JSON.stringify(raw)}\`.`,
              );
            plain = raw;
            break;
          case 'date':
            if (
              raw !== null &&
              (typeof raw !== 'object' ||
                typeof raw.start !== 'string' ||
                Number.isNaN(Date.parse(raw.start)))
            ) {
              return nerr(
                400,
                'validation_error',
                `body failed validation: ${where}.date.start should be a valid ISO 8601 date string, instead was \`${JSON.stringify(raw?.start ?? raw)}\`.`,
              );
            }
            plain = raw ? raw.start : null;
            break;
          case 'select':
          case 'status': {
            if (raw === null) {
              plain = null;
              break;
            }
            const name = raw?.name;
            if (typeof name !== 'string')
              return nerr(
                400,
                'validation_error',
                `body failed validation: ${where}.${typeKey}.name should be defined, instead was \`undefined\`.`,
              );
            if (!def.options.includes(name)) {
              if (typeKey === 'status')
                return nerr(
                  400,
                  'validation_error',
                  `Invalid status option. Status option "${name}" does not exist".`,
                );
              def.options.push(name);
            }
            plain = name;
            break;
          }
          case 'multi_select': {
            if (!Array.isArray(raw))
              return nerr(
                400,
                'validation_error',
                `body failed validation: ${where}.multi_select should be an array.`,
              );
            plain = raw.map((o: Rec) => String(o?.name));
            for (const n of plain as string[]) if (!def.options.includes(n)) def.options.push(n);
            break;
          }
          default:
            plain = raw;
        }
        out[def.name] = propValue(def, plain);
      }
      return out;
    };

    return {
      collections: () => ({ pages }),
      handle(req: MockRequest): MockResponse {
        for (let i = 0; i < pages.length; i++) pages[i] = normalise(pages[i]!);
        const version = req.headers['notion-version'];
        if (version === undefined)
          return nerr(
            400,
            'missing_version',
            'Notion-Version header failed validation: Notion-Version header should be defined, instead was `undefined`.',
          );
        if (!VERSIONS.includes(version))
          return nerr(
            400,
            'invalid_request',
            `Notion-Version header failed validation: Notion-Version header should be one of ${VERSIONS.join(', ')}, instead was \`${version}\`.`,
          );
        const path = req.path.replace(/\/+$/, '');
        let m: RegExpExecArray | null;
        if (
          (m = /^\/v1\/(databases|data_sources)\/([^/]+)\/query$/.exec(path)) &&
          req.method === 'POST'
        ) {
          const db = findDb(m[2]!);
          if (!db)
            return nerr(
              404,
              'object_not_found',
              `Could not find database with ID: ${m[2]!}. Make sure the relevant pages and databases are shared with your integration.`,
            );
          const body = req.rawBody.trim() === '' ? {} : (req.body as Rec);
          if (!body || typeof body !== 'object')
            return nerr(400, 'invalid_json', 'Error parsing JSON body.');
          return query(db, body);
        }
        if ((m = /^\/v1\/(databases|data_sources)\/([^/]+)$/.exec(path)) && req.method === 'GET') {
          const db = findDb(m[2]!);
          if (!db)
            return nerr(
              404,
              'object_not_found',
              `Could not find database with ID: ${m[2]!}. Make sure the relevant pages and databases are shared with your integration.`,
            );
          const properties = Object.fromEntries(
            Object.values(db.schema).map((d) => [
              d.name,
              {
                id: d.id,
                name: d.name,
                type: d.type,
                [d.type]: ['select', 'status', 'multi_select'].includes(d.type)
                  ? { options: d.options.map((o: string) => ({ name: o })) }
                  : {},
              },
            ]),
          );
          return json(200, {
            object: m[1]! === 'databases' ? 'database' : 'data_source',
            id: db.id,
            title: richText(db.title),
            properties,
            data_sources: [{ id: db.id, name: db.title }],
            archived: false,
            in_trash: false,
          });
        }
        if (path === '/v1/pages' && req.method === 'POST') {
          const body = req.body as Rec;
          if (!body || typeof body !== 'object')
            return nerr(400, 'invalid_json', 'Error parsing JSON body.');
          const parentId = body.parent?.database_id ?? body.parent?.data_source_id;
          if (!parentId)
            return nerr(
              400,
              'validation_error',
              'body failed validation: body.parent.database_id should be defined, instead was `undefined`.',
            );
          const db = findDb(String(parentId));
          if (!db)
            return nerr(
              404,
              'object_not_found',
              `Could not find database with ID: ${parentId}. Make sure the relevant pages and databases are shared with your integration.`,
            );
          const props = buildProperties(db, body.properties);
          if (isError(props)) return props;
          const now = ctx
            .now()
            .toISOString()
            .replace(/\.\d{3}Z$/, '.000Z');
          const page = normalise({
            database: db.id,
            created_time: now,
            last_edited_time: now,
            values: {},
          });
          Object.assign(page.properties, props);
          const titleProp = Object.values(page.properties).find((p: any) => p.type === 'title') as
            Rec | undefined;
          page.url = `https://www.notion.so/${plainOf(titleProp?.title).replace(/[^A-Za-z0-9]+/g, '-')}-${page.id.replace(/-/g, '')}`;
          refreshValues(page);
          pages.push(page);
          return json(200, page);
        }
        if ((m = /^\/v1\/pages\/([^/]+)$/.exec(path))) {
          const page = pages.find(
            (p) => p.id === m![1] || p.id.replace(/-/g, '') === m![1]!.replace(/-/g, ''),
          );
          if (!page)
            return nerr(
              404,
              'object_not_found',
              `Could not find page with ID: ${m[1]!}. Make sure the relevant pages and databases are shared with your integration.`,
            );
          if (req.method === 'GET') return json(200, page);
          if (req.method === 'PATCH') {
            const body = req.body as Rec;
            const db = findDb(page.parent.database_id)!;
            if (body?.properties) {
              const props = buildProperties(db, body.properties, page.properties);
              if (isError(props)) return props;
              page.properties = props;
            }
            if (typeof body?.archived === 'boolean') {
              page.archived = body.archived;
              page.in_trash = body.archived;
            }
            page.last_edited_time = ctx.now().toISOString();
            refreshValues(page);
            return json(200, page);
          }
        }
        return nerr(400, 'invalid_request_url', 'Invalid request URL.');
      },
    };
  },
};
