// Xero Accounting API 2.0 (Invoices, Contacts) under https://api.xero.com/api.xro/2.0, as the
// public reference describes it. Every request needs the `Xero-tenant-id` header of a connected
// organisation besides the Bearer token (403 without it). Responses are envelopes
// `{Id, Status: "OK", ProviderName, DateTimeUTC, Invoices: […]}`; dates come back in the .NET JSON
// form "/Date(1727740800000+0000)/" with a readable `DateString`/`DueDateString` beside them.
// GET Invoices filters with `Statuses=`, `IDs=`, `ContactIDs=`, `InvoiceNumbers=` and a `where`
// expression (`Status=="AUTHORISED" AND DueDate<DateTime(2024,10,1)`); without `page` every
// invoice comes back, with `page` 100 a page (`pageSize` changes it). Invoices in lists carry only
// the contact's ContactID and Name. POST/PUT Invoices creates (`{Invoices: […]}` or one invoice);
// a contact given by Name is matched to an existing contact or created. Validation errors are 400
// `{ErrorNumber: 10, Type: "ValidationException", Elements: [{…, ValidationErrors: [{Message}]}]}`.
import type {
  MockRequest,
  MockResponse,
  VendorContext,
  VendorInstance,
  VendorMock,
} from '../contract.ts';
import { json } from '../mock-kit.ts';

type Rec = Record<string, unknown>;

function netDate(day: string): string {
  return `/Date(${Date.parse(`${day}T00:00:00Z`)}+0000)/`;
}

/** A date Xero accepts: "2024-10-03", "2024-10-03T00:00:00", an ISO timestamp, or /Date(ms)/. */
function dayOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const net = value.match(/^\/Date\((-?\d+)(?:[+-]\d{4})?\)\/$/);
  if (net) return new Date(Number(net[1] ?? 0)).toISOString().slice(0, 10);
  const m = value.match(/^(\d{4}-\d{2}-\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/);
  const day = m?.[1];
  if (!day || Number.isNaN(Date.parse(day))) return null;
  return day;
}

function uuid(n: number, prefix: string): string {
  const hex = n.toString(16).padStart(12, '0');
  return `${prefix}-4b1e-4c2d-9a7f-${hex}`;
}

function validationError(element: Rec, messages: string[]): MockResponse {
  return json(400, {
    ErrorNumber: 10,
    Type: 'ValidationException',
    Message: 'A validation exception occurred',
    Elements: [{ ...element, ValidationErrors: messages.map((Message) => ({ Message })) }],
  });
}

/** Compiles the subset of Xero's `where` language that filters invoices. */
function compileWhere(text: string): ((r: Rec) => boolean) | string {
  const clauses = text.split(/\s+(?:AND|&&)\s+/i);
  const tests: Array<(r: Rec) => boolean> = [];
  for (const raw of clauses) {
    const clause = raw.trim().replace(/^\((.*)\)$/, '$1');
    const m = clause.match(/^([A-Za-z.]+)\s*(==|!=|>=|<=|>|<)\s*(.+)$/);
    if (!m) return `Unable to parse where clause: ${clause}`;
    const field = m[1] ?? '';
    const op = m[2] ?? '==';
    const literal = (m[3] ?? '').trim();
    let target: string | number;
    let kind: 'date' | 'number' | 'string';
    const dt = literal.match(
      /^DateTime\(\s*(\d{4})\s*,\s*(\d{1,2})\s*,\s*(\d{1,2})\s*(?:,\s*\d{1,2}\s*){0,3}\)$/,
    );
    if (dt) {
      target = `${dt[1]}-${(dt[2] ?? '').padStart(2, '0')}-${(dt[3] ?? '').padStart(2, '0')}`;
      kind = 'date';
    } else if (/^".*"$/.test(literal)) {
      target = literal.slice(1, -1);
      kind = 'string';
    } else if (Number.isFinite(Number(literal))) {
      target = Number(literal);
      kind = 'number';
    } else return `Unable to parse where clause: ${clause}`;
    tests.push((record) => {
      const value = field
        .split('.')
        .reduce<unknown>(
          (v, k) => (v && typeof v === 'object' ? (v as Rec)[k] : undefined),
          record,
        );
      let a: string | number | null;
      if (kind === 'date') a = dayOf(value);
      else if (kind === 'number') a = typeof value === 'number' ? value : Number(value);
      else a = value === undefined || value === null ? null : String(value);
      if (a === null) return op === '!=';
      switch (op) {
        case '==':
          return a === target;
        case '!=':
          return a !== target;
        case '>':
          return a > target;
        case '>=':
          return a >= target;
        case '<':
          return a < target;
        default:
          return a <= target;
      }
    });
  }
  return (r) => tests.every((t) => t(r));
}

export const mock: VendorMock = {
  vendor: 'xero',
  references: [
    'https://developer.xero.com/documentation/api/accounting/invoices',
    'https://developer.xero.com/documentation/api/accounting/contacts',
    'https://developer.xero.com/documentation/api/accounting/types#invoices',
    'https://developer.xero.com/documentation/api/accounting/requests-and-responses',
    'https://developer.xero.com/documentation/guides/oauth2/tenants',
    'https://developer.xero.com/documentation/api/http-response-codes',
  ],
  unauthorized: () =>
    json(401, {
      Type: null,
      Title: 'Unauthorized',
      Status: 401,
      Detail: 'AuthenticationUnsuccessful',
      Instance: '0b1e0000-0000-4000-8000-000000000401',
      Extensions: {},
    }),
  create(seed: unknown, context: VendorContext): VendorInstance {
    const data = (seed ?? {}) as { tenantId?: string; invoices?: Rec[]; contacts?: Rec[] };
    const tenantId = data.tenantId ?? '';
    const store: { invoices: Rec[]; contacts: Rec[] } = {
      invoices: data.invoices ?? [],
      contacts: data.contacts ?? [],
    };
    let counter = 1;
    let invoiceNumber = 1;
    for (const inv of store.invoices) {
      // Seeds give readable dates; hold them the way Xero answers.
      for (const name of ['Date', 'DueDate', 'FullyPaidOnDate']) {
        const day = dayOf(inv[name]);
        if (day && !String(inv[name]).startsWith('/Date(')) {
          inv[`${name}String`] = `${day}T00:00:00`;
          inv[name] = netDate(day);
        }
      }
      const n = String(inv.InvoiceNumber ?? '').match(/INV-(\d+)/);
      if (n) invoiceNumber = Math.max(invoiceNumber, Number(n[1]) + 1);
    }

    function envelope(key: string, items: Rec[]): Rec {
      return {
        Id: uuid(counter++, 'e7c0a1f2'),
        Status: 'OK',
        ProviderName: 'Patchbay bench',
        DateTimeUTC: `/Date(${context.now().getTime()})/`,
        [key]: items,
      };
    }

    function listView(inv: Rec): Rec {
      const contact = (inv.Contact ?? {}) as Rec;
      const { LineItems, ...rest } = inv;
      void LineItems;
      return { ...rest, Contact: { ContactID: contact.ContactID, Name: contact.Name } };
    }

    function findOrCreateContact(given: Rec): Rec | string {
      if (typeof given.ContactID === 'string' && given.ContactID) {
        const byId = store.contacts.find((c) => c.ContactID === given.ContactID);
        return byId ?? 'Contact ID is invalid';
      }
      if (typeof given.ContactNumber === 'string' && given.ContactNumber) {
        const byNumber = store.contacts.find((c) => c.ContactNumber === given.ContactNumber);
        if (byNumber) return byNumber;
      }
      const name = typeof given.Name === 'string' ? given.Name.trim() : '';
      if (!name) return 'A Contact must be specified for this type of transaction';
      const byName = store.contacts.find(
        (c) => String(c.Name).toLowerCase() === name.toLowerCase(),
      );
      if (byName) return byName;
      const contact: Rec = {
        ContactID: uuid(store.contacts.length + 100, 'c0a7c7e1'),
        ContactStatus: 'ACTIVE',
        Name: name,
        ...(typeof given.EmailAddress === 'string' ? { EmailAddress: given.EmailAddress } : {}),
        ...(typeof given.FirstName === 'string' ? { FirstName: given.FirstName } : {}),
        ...(typeof given.LastName === 'string' ? { LastName: given.LastName } : {}),
        IsCustomer: true,
        IsSupplier: false,
      };
      store.contacts.push(contact);
      return contact;
    }

    function createInvoice(input: Rec): Rec | MockResponse {
      const errors: string[] = [];
      const type = input.Type;
      if (type !== 'ACCREC' && type !== 'ACCPAY')
        errors.push(
          type === undefined
            ? 'Invoice Type must be specified'
            : `Invoice Type '${String(type)}' is not valid`,
        );
      const status = input.Status === undefined ? 'DRAFT' : input.Status;
      if (!['DRAFT', 'SUBMITTED', 'AUTHORISED'].includes(String(status)))
        errors.push(`Invoice Status '${String(status)}' is not valid for a new invoice`);
      const lineAmountTypes =
        input.LineAmountTypes === undefined ? 'Exclusive' : input.LineAmountTypes;
      if (!['Exclusive', 'Inclusive', 'NoTax'].includes(String(lineAmountTypes)))
        errors.push(`LineAmountTypes '${String(lineAmountTypes)}' is not valid`);
      const date =
        input.Date === undefined ? context.now().toISOString().slice(0, 10) : dayOf(input.Date);
      if (!date) errors.push('Date is not a valid date');
      const dueDate = input.DueDate === undefined ? null : dayOf(input.DueDate);
      if (input.DueDate !== undefined && !dueDate) errors.push('Due Date is not a valid date');
      if (status !== 'DRAFT' && !dueDate) errors.push('Due Date is required');
      let contact: Rec | null = null;
      if (!input.Contact || typeof input.Contact !== 'object')
        errors.push('A Contact must be specified for this type of transaction');
      const lines: Rec[] = [];
      const rawLines = input.LineItems === undefined ? [] : input.LineItems;
      if (!Array.isArray(rawLines)) errors.push('LineItems must be a list');
      else {
        for (const [index, raw] of (rawLines as Rec[]).entries()) {
          const description = typeof raw.Description === 'string' ? raw.Description : '';
          if (!description && !raw.ItemCode)
            errors.push(`Description needs to be specified for line item ${index + 1}`);
          const quantity = raw.Quantity === undefined ? 1 : Number(raw.Quantity);
          const unit = raw.UnitAmount === undefined ? 0 : Number(raw.UnitAmount);
          if (!Number.isFinite(quantity))
            errors.push(`Quantity is not a valid number on line item ${index + 1}`);
          if (!Number.isFinite(unit))
            errors.push(`Unit Price is not a valid number on line item ${index + 1}`);
          const discount = raw.DiscountRate === undefined ? 0 : Number(raw.DiscountRate);
          const lineAmount = Math.round(quantity * unit * (1 - discount / 100) * 100) / 100;
          lines.push({
            LineItemID: uuid(counter++, '1a1e17e0'),
            ...raw,
            Description: description,
            Quantity: quantity,
            UnitAmount: unit,
            LineAmount: raw.LineAmount === undefined ? lineAmount : Number(raw.LineAmount),
            ...(raw.AccountCode !== undefined ? { AccountCode: String(raw.AccountCode) } : {}),
          });
        }
      }
      if (status !== 'DRAFT' && lines.length === 0)
        errors.push('At least one line item is required');
      if (!errors.length && input.Contact && typeof input.Contact === 'object') {
        const found = findOrCreateContact(input.Contact as Rec);
        if (typeof found === 'string') errors.push(found);
        else contact = found;
      }
      if (errors.length) return validationError({ ...input }, errors);
      const subTotal = Math.round(lines.reduce((s, l) => s + Number(l.LineAmount), 0) * 100) / 100;
      const number =
        typeof input.InvoiceNumber === 'string' && input.InvoiceNumber
          ? input.InvoiceNumber
          : type === 'ACCREC'
            ? `INV-${String(invoiceNumber++).padStart(4, '0')}`
            : '';
      const invoice: Rec = {
        Type: type,
        InvoiceID: uuid(counter++, '1f0a1c3e'),
        InvoiceNumber: number,
        Reference: typeof input.Reference === 'string' ? input.Reference : '',
        Contact: { ContactID: contact?.ContactID, Name: contact?.Name },
        Date: netDate(date as string),
        DateString: `${date}T00:00:00`,
        ...(dueDate ? { DueDate: netDate(dueDate), DueDateString: `${dueDate}T00:00:00` } : {}),
        Status: status,
        LineAmountTypes: lineAmountTypes,
        LineItems: lines,
        SubTotal: subTotal,
        TotalTax: 0,
        Total: subTotal,
        AmountDue: subTotal,
        AmountPaid: 0,
        CurrencyCode: typeof input.CurrencyCode === 'string' ? input.CurrencyCode : 'USD',
        UpdatedDateUTC: `/Date(${context.now().getTime()}+0000)/`,
      };
      store.invoices.push(invoice);
      return invoice;
    }

    function getInvoices(request: MockRequest): MockResponse {
      const q = request.query;
      let items = [...store.invoices];
      const statuses = q.get('Statuses') ?? q.get('statuses');
      if (statuses) items = items.filter((i) => statuses.split(',').includes(String(i.Status)));
      const ids = q.get('IDs') ?? q.get('ids');
      if (ids) items = items.filter((i) => ids.split(',').includes(String(i.InvoiceID)));
      const contactIds = q.get('ContactIDs') ?? q.get('contactIDs');
      if (contactIds)
        items = items.filter((i) =>
          contactIds.split(',').includes(String((i.Contact as Rec)?.ContactID)),
        );
      const numbers = q.get('InvoiceNumbers');
      if (numbers)
        items = items.filter((i) => numbers.split(',').includes(String(i.InvoiceNumber)));
      const where = q.get('where') ?? q.get('Where');
      if (where) {
        const test = compileWhere(where);
        if (typeof test === 'string') {
          return json(400, { ErrorNumber: 16, Type: 'QueryParseException', Message: test });
        }
        items = items.filter(test);
      }
      const order = q.get('order');
      if (order) {
        const [field = 'Date', dir] = order.split(/\s+/);
        items.sort((a, b) => {
          const c = String(a[`${field}String`] ?? a[field] ?? '').localeCompare(
            String(b[`${field}String`] ?? b[field] ?? ''),
            undefined,
            { numeric: true },
          );
          return dir?.toUpperCase() === 'DESC' ? -c : c;
        });
      }
      const page = q.get('page');
      if (page !== null) {
        const n = Math.max(1, Number.parseInt(page, 10) || 1);
        const size = Math.min(
          1000,
          Math.max(1, Number.parseInt(q.get('pageSize') ?? '100', 10) || 100),
        );
        items = items.slice((n - 1) * size, n * size);
        return json(200, envelope('Invoices', items));
      }
      return json(200, envelope('Invoices', items.map(listView)));
    }

    return {
      collections: () => store,
      handle(request: MockRequest): MockResponse {
        if (!tenantId || request.headers['xero-tenant-id'] !== tenantId) {
          return json(403, {
            Type: null,
            Title: 'Forbidden',
            Status: 403,
            Detail: 'AuthorizationUnsuccessful',
            Instance: '0b1e0000-0000-4000-8000-000000000403',
            Extensions: {},
          });
        }
        const m = request.path.match(/^\/api\.xro\/2\.0\/(Invoices|Contacts)(?:\/([^/]+))?$/i);
        if (!m) return json(404, "The resource you're looking for cannot be found");
        const resource = (m[1] ?? '').toLowerCase() === 'invoices' ? 'Invoices' : 'Contacts';
        const id = m[2];
        if (resource === 'Contacts') {
          if ((request.method === 'POST' || request.method === 'PUT') && !id) {
            const body = request.body as Rec | undefined;
            if (!body || typeof body !== 'object') {
              return json(400, {
                ErrorNumber: 14,
                Type: 'PostDataInvalidException',
                Message: 'Invalid Json data',
              });
            }
            const inputs = Array.isArray(body.Contacts) ? (body.Contacts as Rec[]) : [body];
            const created: Rec[] = [];
            for (const input of inputs) {
              const name = typeof input.Name === 'string' ? input.Name.trim() : '';
              if (!name) return validationError(input, ['The contact name must be specified.']);
              if (
                store.contacts.some(
                  (c) =>
                    String(c.Name).toLowerCase() === name.toLowerCase() &&
                    c.ContactStatus !== 'ARCHIVED',
                )
              ) {
                return validationError(input, [
                  `The contact name ${name} is already assigned to another contact. The contact name must be unique across all active contacts.`,
                ]);
              }
              const made = findOrCreateContact(input);
              if (typeof made === 'string') return validationError(input, [made]);
              created.push(made);
            }
            return json(200, envelope('Contacts', created));
          }
          if (request.method !== 'GET') return json(405, 'Method not allowed');
          let items = [...store.contacts];
          if (id) items = items.filter((c) => c.ContactID === id || c.ContactNumber === id);
          if (id && !items.length)
            return json(404, "The resource you're looking for cannot be found");
          const ids = request.query.get('IDs');
          if (ids) items = items.filter((c) => ids.split(',').includes(String(c.ContactID)));
          const where = request.query.get('where') ?? request.query.get('Where');
          if (where) {
            const test = compileWhere(where);
            if (typeof test === 'string')
              return json(400, { ErrorNumber: 16, Type: 'QueryParseException', Message: test });
            items = items.filter(test);
          }
          const term = request.query.get('searchTerm');
          if (term) {
            const t = term.toLowerCase();
            items = items.filter((c) =>
              [c.Name, c.FirstName, c.LastName, c.EmailAddress].some(
                (v) => typeof v === 'string' && v.toLowerCase().includes(t),
              ),
            );
          }
          return json(200, envelope('Contacts', items));
        }
        if (request.method === 'GET') {
          if (id) {
            const inv = store.invoices.find((i) => i.InvoiceID === id || i.InvoiceNumber === id);
            if (!inv) return json(404, "The resource you're looking for cannot be found");
            return json(200, envelope('Invoices', [inv]));
          }
          return getInvoices(request);
        }
        if ((request.method === 'POST' || request.method === 'PUT') && !id) {
          const body = request.body as Rec | undefined;
          if (!body || typeof body !== 'object') {
            return json(400, {
              ErrorNumber: 14,
              Type: 'PostDataInvalidException',
              Message: 'Invalid Json data',
            });
          }
          const inputs = Array.isArray(body.Invoices) ? (body.Invoices as Rec[]) : [body];
          // Validate all before storing any, as Xero does without summarizeErrors=false.
          const before = store.invoices.length;
          const contactsBefore = store.contacts.length;
          const created: Rec[] = [];
          for (const input of inputs) {
            const result = createInvoice(input);
            if (
              'status' in result &&
              typeof result.status === 'number' &&
              !('InvoiceID' in result)
            ) {
              store.invoices.splice(before);
              store.contacts.splice(contactsBefore);
              return result as MockResponse;
            }
            created.push(result as Rec);
          }
          return json(200, envelope('Invoices', created));
        }
        return json(405, 'Method not allowed');
      },
    };
  },
};
