// QuickBooks Online Accounting API v3 (https://quickbooks.api.intuit.com/v3/company/{realmId}/…),
// from Intuit's public reference. Modelled: Bearer token (checked by the mock server); the realm
// id in the path; the optional minorversion query parameter; the query endpoint
// (GET …/query?query=<select statement>, or POST with the statement as an application/text body)
// with its SQL-like language: SELECT * | count(*) FROM <Entity> [WHERE a op b AND …] [ORDERBY f
// [ASC|DESC]] [STARTPOSITION n] [MAXRESULTS n], operators =, <, >, <=, >=, LIKE ('%'), IN (…), no
// OR; string values in single quotes with \' escapes; name-list entities (Customer, Item,
// Account) that only return Active = true records unless the query mentions Active; an empty
// QueryResponse {} when nothing matches; MAXRESULTS capped low (QBO caps at 1000) so paging
// matters; create by POST …/<entity>, read by GET …/<entity>/<id>, sparse update by POST with Id +
// SyncToken; the Fault error envelope (ValidationFault with codes such as 2020 required param
// missing, 2500 invalid reference id, 6240 duplicate name, 4000 query parser error); line Amount
// that must equal UnitPrice × Qty (6070); a SubTotalLine appended to sales forms' Line arrays.
import type { MockRequest, MockResponse, VendorMock, VendorContext } from '../contract.ts';
import { json } from '../mock-kit.ts';

// Vendor JSON is loosely shaped; the mock reads and writes it field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Rec = Record<string, any>;

const MAX_RESULTS = 5; // QBO allows up to 1000 a page; small here so that paging matters

const ENTITIES: Record<string, string> = {
  customer: 'Customer',
  item: 'Item',
  invoice: 'Invoice',
  salesreceipt: 'SalesReceipt',
  account: 'Account',
};
const NAME_LISTS = new Set(['Customer', 'Item', 'Account']);

interface Seed {
  realmId: string;
  Customer?: Rec[];
  Item?: Rec[];
  Invoice?: Rec[];
  SalesReceipt?: Rec[];
  Account?: Rec[];
}

function fault(
  status: number,
  type: string,
  code: string,
  message: string,
  detail: string,
  element = '',
): MockResponse {
  return json(status, {
    Fault: { Error: [{ Message: message, Detail: detail, code, element }], type },
    time: new Date().toISOString(),
  });
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function num(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}

// --- the query language ---------------------------------------------------------------------

interface Condition {
  path: string;
  op: string;
  values: (string | number | boolean)[];
}
interface Query {
  count: boolean;
  entity: string;
  where: Condition[];
  orderBy: { path: string; desc: boolean }[];
  start: number;
  max: number;
}

function parseQuery(text: string): Query | string {
  const m = /^\s*select\s+(\*|count\(\s*\*\s*\))\s+from\s+([A-Za-z]+)\b(.*)$/is.exec(text);
  if (!m)
    return `QueryParserError: Encountered "${text.trim().split(/\s+/)[0] ?? ''}" at line 1, column 1. Was expecting: "select"`;
  const entity = Object.values(ENTITIES).find((e) => e.toLowerCase() === m[2]!.toLowerCase());
  if (!entity) return `QueryValidationError: Invalid context declaration : ${m[2]}`;
  let rest = m[3]!;
  const q: Query = {
    count: m[1] !== '*',
    entity,
    where: [],
    orderBy: [],
    start: 1,
    max: MAX_RESULTS,
  };
  const tail = /\s+maxresults\s+(\d+)\s*$/i.exec(rest);
  if (tail) {
    q.max = Math.min(Number(tail[1]), MAX_RESULTS);
    rest = rest.slice(0, tail.index);
  }
  const start = /\s+startposition\s+(\d+)\s*$/i.exec(rest);
  if (start) {
    q.start = Math.max(1, Number(start[1]));
    rest = rest.slice(0, start.index);
  }
  if (!tail) {
    const t2 = /\s+maxresults\s+(\d+)\s*$/i.exec(rest);
    if (t2) {
      q.max = Math.min(Number(t2[1]), MAX_RESULTS);
      rest = rest.slice(0, t2.index);
    }
  }
  const order = /\s+order\s*by\s+(.+)$/i.exec(rest);
  if (order) {
    for (const part of order[1]!.split(',')) {
      const [path, dir] = part.trim().split(/\s+/);
      q.orderBy.push({ path: path!, desc: (dir ?? '').toLowerCase() === 'desc' });
    }
    rest = rest.slice(0, order.index);
  }
  rest = rest.trim();
  if (rest === '') return q;
  const w = /^where\s+(.+)$/is.exec(rest);
  if (!w)
    return `QueryParserError: Encountered "${rest.split(/\s+/)[0]}" at line 1. Was expecting one of: "where", "orderby", "startposition", "maxresults"`;
  // Split on AND outside quotes.
  const parts: string[] = [];
  let cur = '';
  let quoted = false;
  const src = w[1]!;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (ch === '\\' && quoted) {
      cur += ch + (src[i + 1] ?? '');
      i++;
      continue;
    }
    if (ch === "'") quoted = !quoted;
    if (!quoted && /^\s+and\s+/i.test(src.slice(i))) {
      const len = /^\s+and\s+/i.exec(src.slice(i))![0].length;
      parts.push(cur);
      cur = '';
      i += len - 1;
      continue;
    }
    if (!quoted && /^\s+or\s+/i.test(src.slice(i)))
      return 'QueryParserError: Encountered " "or" "OR "" at line 1. OR is not supported';
    cur += ch;
  }
  parts.push(cur);
  for (const part of parts) {
    const c = /^\s*([A-Za-z][\w.]*)\s*(<=|>=|=|<|>|\blike\b|\bin\b)\s*(.+?)\s*$/is.exec(part);
    if (!c)
      return `QueryParserError: Encountered "${part.trim()}" at line 1. Was expecting an operator (=, <, >, <=, >=, LIKE, IN)`;
    const op = c[2]!.toLowerCase();
    const raw = c[3]!;
    const parseValue = (v: string): string | number | boolean | null => {
      v = v.trim();
      const s = /^'((?:[^'\\]|\\.)*)'$/s.exec(v);
      if (s) return s[1]!.replace(/\\(.)/g, '$1');
      if (/^(true|false)$/i.test(v)) return v.toLowerCase() === 'true';
      if (/^-?\d+(\.\d+)?$/.test(v)) return Number(v);
      return null;
    };
    let values: (string | number | boolean)[];
    if (op === 'in') {
      const list = /^\((.*)\)$/s.exec(raw);
      if (!list) return 'QueryParserError: IN needs a parenthesised list';
      values = [];
      for (const item of list[1]!.match(/'(?:[^'\\]|\\.)*'|[^,\s][^,]*/g) ?? []) {
        const v = parseValue(item);
        if (v === null) return `QueryParserError: Encountered "${item}"`;
        values.push(v);
      }
    } else {
      const v = parseValue(raw);
      if (v === null)
        return `QueryParserError: Encountered "${raw}" at line 1. Was expecting a quoted value`;
      values = [v];
    }
    q.where.push({ path: c[1]!, op, values });
  }
  return q;
}

function fieldValue(record: Rec, path: string): unknown {
  let value: unknown = record;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    const obj = value as Rec;
    const key = Object.keys(obj).find((k) => k.toLowerCase() === part.toLowerCase());
    value = key === undefined ? undefined : obj[key];
  }
  // Reference and address types compare on their main value.
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const obj = value as Rec;
    if ('Address' in obj) return obj.Address;
    if ('value' in obj) return obj.value;
    if ('FreeFormNumber' in obj) return obj.FreeFormNumber;
  }
  return value;
}

function matches(record: Rec, c: Condition): boolean {
  const v = fieldValue(record, c.path);
  if (v === undefined || v === null) return c.values.some((x) => x === ' ' || x === '');
  const cmp = (x: string | number | boolean) => {
    if (typeof x === 'boolean') return v === x ? 0 : 1;
    if (typeof v === 'number' || typeof x === 'number') return Number(v) - Number(x);
    const a = String(v);
    if (/^\d{4}-\d{2}-\d{2}/.test(a) && /^\d{4}-\d{2}-\d{2}/.test(String(x)))
      return Date.parse(a) - Date.parse(String(x));
    return a < String(x) ? -1 : a > String(x) ? 1 : 0;
  };
  switch (c.op) {
    case '=':
      return cmp(c.values[0]!) === 0;
    case '<':
      return cmp(c.values[0]!) < 0;
    case '>':
      return cmp(c.values[0]!) > 0;
    case '<=':
      return cmp(c.values[0]!) <= 0;
    case '>=':
      return cmp(c.values[0]!) >= 0;
    case 'in':
      return c.values.some((x) => cmp(x) === 0);
    case 'like': {
      const pattern = String(c.values[0])
        .split('%')
        .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*');
      return new RegExp(`^${pattern}$`, 'is').test(String(v));
    }
    default:
      return false;
  }
}

export const mock: VendorMock = {
  vendor: 'quickbooks',
  references: [
    'https://developer.intuit.com/app/developer/qbo/docs/learn/rest-api-features',
    'https://developer.intuit.com/app/developer/qbo/docs/learn/explore-the-quickbooks-online-api/data-queries',
    'https://developer.intuit.com/app/developer/qbo/docs/api/accounting/all-entities/customer',
    'https://developer.intuit.com/app/developer/qbo/docs/api/accounting/all-entities/invoice',
    'https://developer.intuit.com/app/developer/qbo/docs/api/accounting/all-entities/salesreceipt',
    'https://developer.intuit.com/app/developer/qbo/docs/api/accounting/all-entities/item',
    'https://developer.intuit.com/app/developer/qbo/docs/develop/troubleshooting/error-codes',
    'https://developer.intuit.com/app/developer/qbo/docs/learn/explore-the-quickbooks-online-api/minor-versions',
  ],
  unauthorized: () =>
    json(401, {
      fault: {
        error: [
          {
            message: 'message=AuthenticationFailed; errorCode=003200; statusCode=401',
            detail: 'Authentication Failed',
            code: '3200',
          },
        ],
        type: 'AUTHENTICATION',
      },
      time: new Date().toISOString(),
    }),
  create(seedRaw: unknown, context: VendorContext) {
    const seed = seedRaw as Seed;
    const realmId = seed.realmId;
    const store: Record<string, Rec[]> = {};
    for (const entity of Object.values(ENTITIES))
      store[entity] = ((seed as Rec)[entity] ?? []).map((r: Rec) => structuredClone(r));
    let nextId = 1000;
    for (const list of Object.values(store))
      for (const r of list) nextId = Math.max(nextId, Number(r.Id) + 1 || nextId);
    let nextDoc = 1001;
    for (const r of [...store.Invoice!, ...store.SalesReceipt!])
      nextDoc = Math.max(nextDoc, Number(r.DocNumber) + 1 || nextDoc);

    const stamp = () => {
      const now = context
        .now()
        .toISOString()
        .replace(/\.\d{3}Z$/, '-00:00');
      return { CreateTime: now, LastUpdatedTime: now };
    };
    const wrap = (entity: string, record: Rec) =>
      json(200, { [entity]: record, time: context.now().toISOString() });
    const today = () => context.now().toISOString().slice(0, 10);

    function runQuery(text: string): MockResponse {
      const parsed = parseQuery(text);
      if (typeof parsed === 'string')
        return fault(400, 'ValidationFault', '4000', 'Error parsing query', parsed);
      let items = store[parsed.entity]!;
      if (
        NAME_LISTS.has(parsed.entity) &&
        !parsed.where.some((c) => c.path.toLowerCase() === 'active')
      ) {
        items = items.filter((r) => r.Active !== false);
      }
      for (const c of parsed.where) items = items.filter((r) => matches(r, c));
      if (parsed.count)
        return json(200, {
          QueryResponse: { totalCount: items.length },
          time: context.now().toISOString(),
        });
      if (parsed.orderBy.length) {
        items = [...items].sort((a, b) => {
          for (const o of parsed.orderBy) {
            const x = fieldValue(a, o.path);
            const y = fieldValue(b, o.path);
            if (x === y) continue;
            const r =
              typeof x === 'number' && typeof y === 'number'
                ? x < y
                  ? -1
                  : 1
                : String(x) < String(y)
                  ? -1
                  : 1;
            return o.desc ? -r : r;
          }
          return 0;
        });
      } else {
        items = [...items].sort((a, b) => Number(a.Id) - Number(b.Id));
      }
      const page = items.slice(parsed.start - 1, parsed.start - 1 + parsed.max);
      const response: Rec = page.length
        ? { [parsed.entity]: page, startPosition: parsed.start, maxResults: page.length }
        : {};
      return json(200, { QueryResponse: response, time: context.now().toISOString() });
    }

    function salesLines(body: Rec, entity: string): Rec[] | MockResponse {
      if (!Array.isArray(body.Line) || body.Line.length === 0) {
        return fault(
          400,
          'ValidationFault',
          '2020',
          'Required param missing, need to supply the required value for the API',
          `Required parameter Line is missing in the request`,
          'Line',
        );
      }
      const lines: Rec[] = [];
      for (const [i, raw] of (body.Line as Rec[]).entries()) {
        if (!raw || typeof raw !== 'object')
          return fault(
            400,
            'ValidationFault',
            '2010',
            'Request has invalid or unsupported property',
            `Property Name:Line[${i}] is not an object`,
          );
        const type = raw.DetailType;
        if (type === 'SubTotalLineDetail') continue;
        if (
          ![
            'SalesItemLineDetail',
            'DescriptionOnly',
            'DiscountLineDetail',
            'GroupLineDetail',
          ].includes(type)
        ) {
          return fault(
            400,
            'ValidationFault',
            '2020',
            'Required param missing, need to supply the required value for the API',
            `Required parameter Line.DetailType is missing in the request`,
            'Line.DetailType',
          );
        }
        const amount = num(raw.Amount);
        if (type !== 'DescriptionOnly' && amount === undefined) {
          return fault(
            400,
            'ValidationFault',
            '2020',
            'Required param missing, need to supply the required value for the API',
            `Required parameter Line.Amount is missing in the request`,
            'Line.Amount',
          );
        }
        const line: Rec = { Id: String(lines.length + 1), LineNum: lines.length + 1 };
        if (raw.Description !== undefined) line.Description = String(raw.Description);
        line.Amount = amount === undefined ? 0 : round2(amount);
        line.DetailType = type;
        if (type === 'SalesItemLineDetail') {
          const d = (raw.SalesItemLineDetail ?? {}) as Rec;
          const detail: Rec = {};
          if (d.ItemRef !== undefined) {
            const ref = String(d.ItemRef?.value ?? '');
            const item = store.Item!.find((it) => it.Id === ref);
            if (!item)
              return fault(
                400,
                'ValidationFault',
                '2500',
                'Invalid Reference Id',
                `Invalid Reference Id : Item assigned to this transaction has been deleted or does not exist: ${ref}`,
                'Line.SalesItemLineDetail.ItemRef',
              );
            detail.ItemRef = { value: item.Id, name: item.Name };
          } else {
            detail.ItemRef = { value: '1', name: 'Services' };
          }
          const qty = d.Qty === undefined ? undefined : num(d.Qty);
          const price = d.UnitPrice === undefined ? undefined : num(d.UnitPrice);
          if (
            (d.Qty !== undefined && qty === undefined) ||
            (d.UnitPrice !== undefined && price === undefined)
          ) {
            return fault(
              400,
              'ValidationFault',
              '2030',
              'Invalid or unsupported value',
              'Qty and UnitPrice must be numbers',
              'Line.SalesItemLineDetail',
            );
          }
          if (
            qty !== undefined &&
            price !== undefined &&
            Math.abs(round2(qty * price) - line.Amount) > 0.005
          ) {
            return fault(
              400,
              'ValidationFault',
              '6070',
              'Amount is not equal to UnitPrice * Qty',
              `Amount is not equal to UnitPrice * Qty. Supplied value:${line.Amount}`,
              'Line.Amount',
            );
          }
          if (price !== undefined) detail.UnitPrice = price;
          if (qty !== undefined) detail.Qty = qty;
          if (d.ServiceDate !== undefined) detail.ServiceDate = d.ServiceDate;
          detail.TaxCodeRef = { value: d.TaxCodeRef?.value ?? 'NON' };
          line.SalesItemLineDetail = detail;
        } else if (raw[type] !== undefined) {
          line[type] = raw[type];
        }
        lines.push(line);
      }
      void entity;
      const subtotal = round2(
        lines
          .filter((l) => l.DetailType === 'SalesItemLineDetail')
          .reduce((s, l) => s + l.Amount, 0),
      );
      lines.push({ Amount: subtotal, DetailType: 'SubTotalLineDetail', SubTotalLineDetail: {} });
      return lines;
    }

    function createEntity(entity: string, body: Rec): MockResponse {
      const list = store[entity]!;
      if (body.Id !== undefined) {
        // Update: needs the current SyncToken; sparse updates merge.
        const existing = list.find((r) => r.Id === String(body.Id));
        if (!existing)
          return fault(
            400,
            'ValidationFault',
            '610',
            'Object Not Found',
            `Object Not Found : Something you're trying to use has been made inactive. Check the fields with accounts, customers, items, vendors or employees.`,
          );
        if (String(body.SyncToken) !== existing.SyncToken) {
          return fault(
            400,
            'ValidationFault',
            '5010',
            'Stale Object Error',
            `Stale Object Error : You and ${'someone else'} were working on this at the same time. ${entity} SyncToken ${body.SyncToken} is not the current ${existing.SyncToken}`,
          );
        }
        const next: Rec = body.sparse === true ? { ...existing, ...body } : { ...body };
        if (
          entity === 'Customer' &&
          next.DisplayName !== existing.DisplayName &&
          list.some((r) => r !== existing && r.DisplayName === next.DisplayName)
        ) {
          return fault(
            400,
            'ValidationFault',
            '6240',
            'Duplicate Name Exists Error',
            `The name supplied already exists. : Another customer, vendor or employee is already using this name. Please use a different name.`,
          );
        }
        delete next.sparse;
        next.SyncToken = String(Number(existing.SyncToken) + 1);
        next.MetaData = { ...existing.MetaData, LastUpdatedTime: stamp().LastUpdatedTime };
        Object.keys(existing).forEach((k) => delete existing[k]);
        Object.assign(existing, next);
        return wrap(entity, existing);
      }
      const record: Rec = {
        ...structuredClone(body),
        Id: String(nextId++),
        SyncToken: '0',
        domain: 'QBO',
        sparse: false,
        MetaData: stamp(),
      };
      if (entity === 'Customer' || entity === 'Item') {
        const nameField = entity === 'Customer' ? 'DisplayName' : 'Name';
        if (entity === 'Customer' && record.DisplayName === undefined) {
          const composed =
            [record.GivenName, record.FamilyName].filter(Boolean).join(' ') || record.CompanyName;
          if (!composed)
            return fault(
              400,
              'ValidationFault',
              '2020',
              'Required param missing, need to supply the required value for the API',
              'Required parameter DisplayName is missing in the request',
              'DisplayName',
            );
          record.DisplayName = composed;
        }
        if (typeof record[nameField] !== 'string' || record[nameField].trim() === '') {
          return fault(
            400,
            'ValidationFault',
            '2020',
            'Required param missing, need to supply the required value for the API',
            `Required parameter ${nameField} is missing in the request`,
            nameField,
          );
        }
        if (/[:\t\n]/.test(record[nameField])) {
          return fault(
            400,
            'ValidationFault',
            '2030',
            'Invalid or unsupported value',
            `${nameField} cannot contain a colon (:), tab or newline`,
            nameField,
          );
        }
        if (
          store[entity]!.some(
            (r) => String(r[nameField]).toLowerCase() === record[nameField].toLowerCase(),
          )
        ) {
          return fault(
            400,
            'ValidationFault',
            '6240',
            'Duplicate Name Exists Error',
            `The name supplied already exists. : Another ${entity === 'Item' ? 'product or service' : 'customer, vendor or employee'} is already using this name. Please use a different name.`,
          );
        }
        record.Active = record.Active ?? true;
        if (entity === 'Customer') {
          record.FullyQualifiedName = record.DisplayName;
          record.Balance = 0;
        }
        if (entity === 'Item') {
          const type = record.Type ?? 'Inventory';
          if (!['Service', 'Inventory', 'NonInventory', 'Category', 'Group'].includes(type)) {
            return fault(
              400,
              'ValidationFault',
              '2030',
              'Invalid or unsupported value',
              `Invalid Enumeration : ${type}`,
              'Type',
            );
          }
          record.Type = type;
          if (type !== 'Category' && type !== 'Group') {
            const ref = record.IncomeAccountRef?.value;
            if (!ref)
              return fault(
                400,
                'ValidationFault',
                '2020',
                'Required param missing, need to supply the required value for the API',
                'Required parameter An account is required for this item is missing in the request',
                'IncomeAccountRef',
              );
            const account = store.Account!.find((a) => a.Id === String(ref));
            if (!account)
              return fault(
                400,
                'ValidationFault',
                '2500',
                'Invalid Reference Id',
                `Invalid Reference Id : Accounts element id ${ref} not found`,
                'IncomeAccountRef',
              );
            record.IncomeAccountRef = { value: account.Id, name: account.Name };
          }
          if (type === 'Inventory') {
            if (!record.AssetAccountRef || record.QtyOnHand === undefined || !record.InvStartDate) {
              return fault(
                400,
                'ValidationFault',
                '2020',
                'Required param missing, need to supply the required value for the API',
                'Required parameter AssetAccountRef, QtyOnHand and InvStartDate are required for inventory items',
                'Type',
              );
            }
          }
          if (record.UnitPrice !== undefined) {
            const price = num(record.UnitPrice);
            if (price === undefined)
              return fault(
                400,
                'ValidationFault',
                '2030',
                'Invalid or unsupported value',
                'UnitPrice must be a number',
                'UnitPrice',
              );
            record.UnitPrice = price;
          }
          record.FullyQualifiedName = record.Name;
          record.Taxable = record.Taxable ?? false;
        }
        list.push(record);
        return wrap(entity, record);
      }
      if (entity === 'Invoice' || entity === 'SalesReceipt') {
        let customer: Rec | undefined;
        if (record.CustomerRef !== undefined || entity === 'Invoice') {
          const ref = record.CustomerRef?.value;
          if (!ref)
            return fault(
              400,
              'ValidationFault',
              '2020',
              'Required param missing, need to supply the required value for the API',
              'Required parameter CustomerRef is missing in the request',
              'CustomerRef',
            );
          customer = store.Customer!.find((c) => c.Id === String(ref));
          if (!customer)
            return fault(
              400,
              'ValidationFault',
              '2500',
              'Invalid Reference Id',
              `Invalid Reference Id : Something you're trying to use has been made inactive or does not exist: Customer ${ref}`,
              'CustomerRef',
            );
          record.CustomerRef = { value: customer.Id, name: customer.DisplayName };
        }
        const lines = salesLines(body, entity);
        if (!Array.isArray(lines)) return lines;
        record.Line = lines;
        if (record.TxnDate !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(String(record.TxnDate))) {
          return fault(
            400,
            'ValidationFault',
            '2030',
            'Invalid or unsupported value',
            `Invalid date : ${record.TxnDate}`,
            'TxnDate',
          );
        }
        record.TxnDate = record.TxnDate ?? today();
        record.DocNumber = record.DocNumber ?? String(nextDoc++);
        if (typeof record.DocNumber === 'string' && record.DocNumber.length > 21) {
          return fault(
            400,
            'ValidationFault',
            '6000',
            'A business validation error has occurred while processing your request',
            'Business Validation Error: DocNumber is too long (21 characters at most)',
            'DocNumber',
          );
        }
        const total = lines.find((l) => l.DetailType === 'SubTotalLineDetail')!.Amount;
        record.TotalAmt = total;
        record.Balance = entity === 'Invoice' ? total : 0;
        if (customer && entity === 'Invoice')
          customer.Balance = round2((customer.Balance ?? 0) + total);
        list.push(record);
        return wrap(entity, record);
      }
      return fault(
        400,
        'ValidationFault',
        '2010',
        'Request has invalid or unsupported property',
        `Operation not supported for ${entity}`,
      );
    }

    function handle(request: MockRequest): MockResponse {
      const path = request.path.replace(/\/+$/, '');
      const m = /^\/v3\/company\/([^/]+)\/([a-zA-Z]+)(?:\/([^/]+))?$/.exec(path);
      if (!m)
        return fault(
          404,
          'SystemFault',
          '404',
          'Resource not found',
          `No resource at ${request.path}`,
        );
      if (m[1] !== realmId)
        return json(403, {
          Fault: {
            Error: [
              {
                Message: 'message=ApplicationAuthorizationFailed; errorCode=003100; statusCode=403',
                Detail: 'Not authorized for this realm',
                code: '3100',
              },
            ],
            type: 'AUTHORIZATION',
          },
          time: context.now().toISOString(),
        });
      const minor = request.query.get('minorversion');
      if (minor !== null && !/^\d+$/.test(minor))
        return fault(
          400,
          'ValidationFault',
          '2030',
          'Invalid or unsupported value',
          `Invalid minorversion: ${minor}`,
        );
      const resource = m[2]!.toLowerCase();
      if (resource === 'query') {
        let text: string | null = request.query.get('query');
        if (request.method === 'POST' && request.rawBody.trim() !== '') text = request.rawBody;
        if (!text)
          return fault(
            400,
            'ValidationFault',
            '4000',
            'Error parsing query',
            'QueryParserError: empty query',
          );
        return runQuery(text);
      }
      const entity = ENTITIES[resource];
      if (!entity)
        return fault(
          400,
          'ValidationFault',
          '2010',
          'Request has invalid or unsupported property',
          `Unsupported entity: ${m[2]}`,
        );
      if (request.method === 'GET' && m[3]) {
        const record = store[entity]!.find((r) => r.Id === m[3]);
        if (!record)
          return fault(
            400,
            'ValidationFault',
            '610',
            'Object Not Found',
            `Object Not Found : Something you're trying to use has been made inactive. ${entity} ${m[3]}`,
          );
        return wrap(entity, record);
      }
      if (request.method === 'POST' && !m[3]) {
        const body = request.body as Rec | undefined;
        if (!body || typeof body !== 'object' || Array.isArray(body)) {
          return fault(
            400,
            'ValidationFault',
            '2010',
            'Request has invalid or unsupported property',
            'The request body is not a JSON object',
          );
        }
        return createEntity(entity, body);
      }
      return fault(
        405,
        'ValidationFault',
        '405',
        'Unsupported Operation',
        `${request.method} is not supported on ${request.path}`,
      );
    }

    return { handle, collections: () => store };
  },
};
