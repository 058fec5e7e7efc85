import { describe, expect, it } from 'vitest';
import { getCatalogEntry } from './load-catalog.ts';
import { resolveDescription } from './resolve-description.ts';
import { keepOperations } from '../scripts/distill-openapi.ts';

// APIs added because a user naming them got no description, so generation guessed `GET /items`.
// Each must resolve by the name people type and by the base URL its vendor documents, and carry
// the list and create operations a sync task reads and writes.
const ADDED = [
  {
    id: 'front',
    names: ['Front', 'Frontapp', 'front app'],
    urls: ['https://api2.frontapp.com', 'https://api2.frontapp.com/conversations'],
    operations: ['list-conversations', 'list-contacts', 'create-contact', 'create-message'],
  },
  {
    id: 'miro',
    names: ['Miro', 'miro board'],
    // Miro's reference gives https://api.miro.com/v2 as the base; the paths carry the /v2.
    urls: ['https://api.miro.com', 'https://api.miro.com/v2', 'https://api.miro.com/v2/boards'],
    operations: ['get-boards', 'get-items', 'create-sticky-note-item', 'create-card-item'],
  },
  {
    id: 'acuity-scheduling',
    names: ['Acuity Scheduling', 'Acuity', 'Squarespace Scheduling'],
    urls: [
      'https://acuityscheduling.com/api/v1',
      'https://acuityscheduling.com/api/v1/appointments',
    ],
    operations: ['listAppointments', 'createAppointment', 'cancelAppointment', 'listCalendars'],
  },
  {
    id: 'clockify',
    names: ['Clockify', 'clockify time tracker'],
    urls: [
      'https://api.clockify.me/api/v1',
      'https://api.clockify.me/api/v1/workspaces',
      'https://euc1.clockify.me/api/v1',
    ],
    operations: ['listWorkspaces', 'listWorkspaceUsers', 'listProjects', 'listTimeEntries'],
  },
  {
    id: 'toggl-track',
    names: ['Toggl Track', 'Toggl', 'toggl time tracking'],
    urls: ['https://api.track.toggl.com/api/v9', 'https://api.track.toggl.com/api/v9/me'],
    operations: ['listMyWorkspaces', 'listMyTimeEntries', 'listProjects', 'createTimeEntry'],
  },
  {
    id: 'webflow',
    // The directory's webflow-com document is another vendor's API; the curated entry wins.
    names: ['Webflow', 'webflow cms'],
    urls: ['https://api.webflow.com/v2', 'https://api.webflow.com/v2/sites'],
    operations: [
      'list-sites',
      'list-forms',
      'list-submissions',
      'list-submissions-by-site',
      'list-collections',
      'list-collection-items',
      'create-item',
    ],
  },
  {
    id: 'shipstation',
    // The directory's shipstation-com document is an API Blueprint demo; the curated entry wins.
    names: ['ShipStation', 'Ship Station'],
    urls: ['https://ssapi.shipstation.com', 'https://ssapi.shipstation.com/orders'],
    operations: ['listOrders', 'createOrUpdateOrder', 'listShipments'],
  },
  {
    id: 'freshbooks',
    names: ['FreshBooks', 'Fresh Books'],
    urls: [
      'https://api.freshbooks.com',
      'https://api.freshbooks.com/accounting/account/wkMd2g/invoices/invoices',
    ],
    operations: ['listInvoices', 'createInvoice', 'listClients', 'createClient'],
  },
  {
    id: 'workable',
    names: ['Workable', 'workable ats'],
    urls: [
      'https://groove-tech.workable.com/spi/v3',
      'https://groove-tech.workable.com/spi/v3/jobs',
    ],
    operations: ['listCandidates', 'createCandidate', 'listJobs'],
  },
  {
    id: 'gorgias',
    names: ['Gorgias', 'gorgias helpdesk'],
    urls: ['https://acme.gorgias.com/api', 'https://acme.gorgias.com/api/tickets'],
    operations: ['listTickets', 'createTicket', 'updateTicket'],
  },
  {
    id: 'brevo',
    names: ['Brevo', 'Sendinblue'],
    urls: ['https://api.brevo.com/v3', 'https://api.brevo.com/v3/contacts'],
    operations: ['getContacts', 'createContact', 'sendTransacEmail'],
  },
  {
    id: 'shortcut',
    names: ['Shortcut', 'Clubhouse'],
    urls: ['https://api.app.shortcut.com/api/v3', 'https://api.app.shortcut.com/api/v3/stories'],
    operations: ['searchStories', 'createStory', 'updateStory'],
  },
  {
    id: 'smartsheet',
    names: ['Smartsheet', 'smart sheet'],
    urls: [
      'https://api.smartsheet.com/2.0',
      'https://api.smartsheet.com/2.0/sheets/4583173393803140',
    ],
    operations: ['listSheets', 'getSheetRows', 'addRows', 'updateRows'],
  },
];

describe('APIs added to the catalog', () => {
  for (const api of ADDED) {
    it(`${api.id} resolves by name and by its documented base URL`, () => {
      for (const name of api.names) {
        expect(resolveDescription({ kind: 'auto' }, name, '').inUse?.id, name).toBe(api.id);
      }
      for (const url of api.urls) {
        expect(resolveDescription({ kind: 'auto' }, '', url).inUse?.id, url).toBe(api.id);
      }
    });

    it(`${api.id} has its main list and create operations`, () => {
      const entry = getCatalogEntry(api.id)!;
      const ids = entry.resources.flatMap((r) => r.operations.map((o) => o.id));
      expect(ids).toEqual(expect.arrayContaining(api.operations));
    });
  }

  it('Front filters contacts by update time with the q object spelled as parameters', () => {
    const list = getCatalogEntry('front')!
      .resources.flatMap((r) => r.operations)
      .find((o) => o.id === 'list-contacts')!;
    expect(list.params.map((p) => p.name)).toContain('q[updated_after]');
    expect(list.pagination).toMatchObject({ style: 'next-url', nextPath: '_pagination.next' });
  });
});

/** One operation of an added entry, by id. */
function operation(entryId: string, id: string) {
  return getCatalogEntry(entryId)!
    .resources.flatMap((r) => r.operations)
    .find((o) => o.id === id)!;
}

describe('vendor quirks the added entries carry', () => {
  it('Acuity hides canceled appointments unless asked, and has no pages beyond max', () => {
    const list = operation('acuity-scheduling', 'listAppointments');
    expect(list.params.map((p) => p.name)).toEqual(
      expect.arrayContaining(['minDate', 'maxDate', 'canceled', 'showall', 'calendarID', 'max']),
    );
    expect(list.pagination).toEqual({ style: 'none' });
    expect(list.summary).toMatch(/canceled/i);
  });

  it('Clockify pages from 1 with page-size, lists entries per user, and keys X-Api-Key', () => {
    const entry = getCatalogEntry('clockify')!;
    expect(entry.auth.schemes[0]).toEqual({ type: 'api-key', in: 'header', name: 'X-Api-Key' });
    const list = operation('clockify', 'listTimeEntries');
    expect(list.path).toBe('/workspaces/{workspaceId}/user/{userId}/time-entries');
    expect(list.pagination).toMatchObject({ style: 'page', firstPage: 1, sizeParam: 'page-size' });
    expect(list.params.map((p) => p.name)).toEqual(expect.arrayContaining(['start', 'end']));
  });

  it('Toggl marks a running entry by a negative duration and reads changes since a Unix time', () => {
    const entry = getCatalogEntry('toggl-track')!;
    const timeEntry = entry.resources.find((r) => r.name === 'time entry')!;
    expect(timeEntry.schema.properties?.['duration']?.description).toMatch(/negative/i);
    expect(timeEntry.schema.properties?.['stop']?.nullable).toBe(true);
    const list = operation('toggl-track', 'listMyTimeEntries');
    expect(list.params.map((p) => p.name)).toEqual(
      expect.arrayContaining(['start_date', 'end_date']),
    );
    expect(list.since).toEqual({ param: 'since', format: 'unix-time', field: 'at' });
    expect(entry.auth.schemes[0]).toMatchObject({ type: 'basic' });
  });

  it('Square searches orders by location with a cursor in the body, and lists locations and catalog', () => {
    const search = operation('square', 'searchOrders');
    expect(search).toMatchObject({ method: 'POST', path: '/v2/orders/search', safe: true });
    expect(search.body?.schema.required).toEqual(['location_ids']);
    expect(search.pagination).toMatchObject({ style: 'cursor', cursorParam: 'cursor' });
    const filter = search.body?.schema.properties?.['query']?.properties?.['filter'];
    expect(Object.keys(filter?.properties ?? {})).toEqual(
      expect.arrayContaining(['state_filter', 'date_time_filter']),
    );
    expect(operation('square', 'listLocations').itemsPath).toBe('locations');
    expect(operation('square', 'listCatalog').itemsPath).toBe('objects');
    expect(operation('square', 'searchCatalogObjects').since?.param).toBe('begin_time');
  });

  it('ShipStation pages by number to a page count, and reads orders changed since a time', () => {
    const list = operation('shipstation', 'listOrders');
    expect(list.pagination).toMatchObject({ style: 'page', totalPagesPath: 'pages', maxSize: 500 });
    expect(list.since).toEqual({
      param: 'modifyDateStart',
      format: 'date-time',
      field: 'modifyDate',
    });
    expect(list.summary).toMatch(/Pacific/);
    const shipments = operation('shipstation', 'listShipments');
    expect(shipments.params.map((p) => p.name)).toContain('includeShipmentItems');
  });

  it('FreshBooks nests lists under response.result and filters changes by day', () => {
    const list = operation('freshbooks', 'listInvoices');
    expect(list.itemsPath).toBe('response.result.invoices');
    expect(list.pagination).toMatchObject({ style: 'page', maxSize: 100 });
    expect(list.since).toEqual({ param: 'search[updated_min]', format: 'date', field: 'updated' });
    expect(list.params.map((p) => p.name)).toContain('include[]');
  });

  it('Webflow keeps submissions apart from forms, pages by offset, and nests item fields', () => {
    const entry = getCatalogEntry('webflow')!;
    const submission = entry.resources.find((r) => r.name === 'form submission')!;
    expect(submission.schema.properties).toHaveProperty('formResponse');
    expect(entry.resources.find((r) => r.name === 'form')!.schema.properties).toHaveProperty(
      'formElementId',
    );
    const items = operation('webflow', 'list-collection-items');
    expect(items.pagination).toEqual({
      style: 'offset',
      offsetParam: 'offset',
      limitParam: 'limit',
      maxLimit: 100,
    });
    expect(items.since).toEqual({
      param: 'lastUpdated[gte]',
      format: 'date-time',
      field: 'lastUpdated',
    });
    const item = entry.resources.find((r) => r.name === 'collection item')!;
    expect(item.container).toEqual({ field: 'fieldData', kind: 'object' });
  });
});

describe('cutting a vendor document to the kept operations', () => {
  const document = {
    paths: {
      '/a': {
        parameters: [],
        get: { operationId: 'listA', responses: { '200': {}, '400': { $ref: '#/nowhere' } } },
        post: { operationId: 'createA', responses: { '201': {} } },
      },
      '/b': { get: { operationId: 'listB', responses: { '200': {} } } },
    },
  };

  it('keeps the chosen operations with their success responses, and drops emptied paths', () => {
    expect(keepOperations(document, ['listA'])).toEqual({
      paths: { '/a': { parameters: [], get: { operationId: 'listA', responses: { '200': {} } } } },
    });
  });

  it('names a kept operation the document no longer has', () => {
    expect(() => keepOperations(document, ['listA', 'gone'])).toThrow(/no longer has: gone/);
  });
});
