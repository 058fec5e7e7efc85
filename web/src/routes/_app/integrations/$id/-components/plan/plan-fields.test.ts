import {
  FILTER_OPS,
  type TApiDescription,
  type TFieldSchema,
  type TMappingRule,
  type TPlanWrite,
} from '@patchbay/schema';
import { describe, expect, it } from 'vitest';
import {
  unknownPlaceholders,
  destinationRecordSchema,
  editableQueryParams,
  findOperation,
  isUnmappedRequired,
  mappingRows,
  operatorsFor,
  readOperations,
  ruleFor,
  schemaFields,
  typeMismatch,
  valueForOperator,
  type FieldOption,
} from './plan-fields.ts';

const field = (path: string, type: FieldOption['type'], extra: Partial<FieldOption> = {}) => ({
  path,
  type,
  required: false,
  ...extra,
});

describe('operatorsFor', () => {
  it('offers equality and lists for text, ranges too for numbers, in the schema order', () => {
    expect(operatorsFor(field('status', 'string'))).toEqual([
      'eq',
      'ne',
      'in',
      'not-in',
      'falsy',
      'truthy',
    ]);
    expect(operatorsFor(field('total', 'number'))).toEqual([
      'eq',
      'ne',
      'gt',
      'gte',
      'lt',
      'lte',
      'in',
      'not-in',
      'falsy',
      'truthy',
    ]);
  });

  it('offers time operators for dates and unix times, and true or false for booleans', () => {
    const times = ['before-now', 'falsy', 'truthy', 'within'];
    expect(operatorsFor(field('created', 'integer', { format: 'unix-time' }))).toEqual(times);
    expect(operatorsFor(field('due', 'string', { format: 'date' }))).toEqual(times);
    expect(operatorsFor(field('delinquent', 'boolean'))).toEqual(['falsy', 'truthy']);
    expect(operatorsFor(field('labels', 'array'))).toEqual([
      'contains',
      'lacks',
      'falsy',
      'truthy',
    ]);
  });

  it('offers every operator for a field the description does not type', () => {
    expect(operatorsFor(undefined)).toEqual([...FILTER_OPS]);
  });
});

describe('valueForOperator', () => {
  it('keeps the value across operators, as a list or a single value', () => {
    expect(valueForOperator('in', 'eur')).toEqual(['eur']);
    expect(valueForOperator('eq', ['eur', 'gbp'])).toBe('eur');
    expect(valueForOperator('gt', '250')).toBe(250);
    expect(valueForOperator('truthy', 'eur')).toBeUndefined();
    expect(valueForOperator('within', undefined)).toEqual([-86_400_000, 0]);
  });
});

describe('schemaFields', () => {
  const schema: TFieldSchema = {
    type: 'object',
    required: ['idList', 'owner'],
    properties: {
      name: { type: 'string' },
      idList: { type: 'string' },
      owner: {
        type: 'object',
        required: ['id'],
        properties: { id: { type: 'string' }, note: { type: 'string' } },
      },
      emails: {
        type: 'array',
        items: { type: 'object', properties: { value: { type: 'string', format: 'email' } } },
      },
      metadata: { type: 'object' },
    },
  };

  it('flattens nested fields to dotted paths with what is required', () => {
    expect(schemaFields(schema)).toEqual([
      { path: 'name', type: 'string', required: false },
      { path: 'idList', type: 'string', required: true },
      { path: 'owner.id', type: 'string', required: true },
      { path: 'owner.note', type: 'string', required: false },
      { path: 'emails.0.value', type: 'string', format: 'email', required: false },
      { path: 'metadata', type: 'object', required: false },
    ]);
  });
});

describe('mappingRows', () => {
  const fields = [
    field('name', 'string'),
    field('desc', 'string'),
    field('idList', 'string', { required: true }),
    field('metadata', 'object'),
  ];
  const rule = (to: string, from: string): TMappingRule => ({
    to,
    from,
    type: 'string',
    reason: 'same name',
  });

  it('lists required fields first, then the rest in order, then rules for unlisted fields', () => {
    const rows = mappingRows(fields, [rule('name', 'name'), rule('custom', 'email')]);
    expect(rows.map((row) => row.to)).toEqual(['idList', 'name', 'desc', 'custom']);
    expect(rows.map((row) => row.rule?.from)).toEqual([undefined, 'name', undefined, 'email']);
    expect(rows.filter(isUnmappedRequired).map((row) => row.to)).toEqual(['idList']);
  });
});

describe('typeMismatch', () => {
  const sources = [
    field('name', 'string'),
    field('total', 'number'),
    field('created', 'integer', { format: 'unix-time' }),
    field('delinquent', 'boolean'),
    field('address', 'object'),
  ];
  const row = (to: FieldOption, rule: Omit<TMappingRule, 'to' | 'type' | 'reason'>) => ({
    to: to.path,
    field: to,
    rule: { to: to.path, type: to.type, reason: 'test', ...rule },
  });

  it('flags conversions that lose the value, and lets the ones the code makes pass', () => {
    const amount = field('amount', 'number');
    expect(typeMismatch(row(amount, { from: 'name' }), sources)).toBe(
      'name is a string, and amount takes a number',
    );
    expect(typeMismatch(row(amount, { from: 'total' }), sources)).toBeNull();
    expect(typeMismatch(row(field('note', 'string'), { from: 'total' }), sources)).toBeNull();
    expect(typeMismatch(row(field('note', 'string'), { from: 'address' }), sources)).toBe(
      'address is an object, and note takes a string',
    );
    expect(typeMismatch(row(field('paid', 'boolean'), { from: 'delinquent' }), sources)).toBeNull();
    expect(
      typeMismatch(
        row(field('due', 'integer', { format: 'unix-time' }), { from: 'created' }),
        sources,
      ),
    ).toBeNull();
  });

  it('checks a fixed value against the field’s type and allowed values', () => {
    expect(typeMismatch(row(field('amount', 'number'), { value: 'lots' }), sources)).toBe(
      'amount takes a number, and "lots" is not one',
    );
    const status = field('status', 'string', { enum: ['open', 'closed'] });
    expect(typeMismatch(row(status, { value: 'open' }), sources)).toBeNull();
    expect(typeMismatch(row(status, { value: 'pending' }), sources)).toBe(
      'status takes one of open, closed',
    );
  });
});

describe('against an API description', () => {
  // A small description in the catalog's shape: a paged list and two writes, one in a container.
  const api = {
    id: 'shop',
    name: 'Shop',
    resources: [
      {
        name: 'customer',
        plural: 'customers',
        schema: { type: 'object', properties: { email: { type: 'string' } } },
        operations: [
          {
            id: 'listCustomers',
            kind: 'list',
            method: 'GET',
            path: '/v1/customers',
            params: [
              { name: 'limit', in: 'query', required: false, schema: { type: 'integer' } },
              { name: 'starting_after', in: 'query', required: false, schema: { type: 'string' } },
              { name: 'email', in: 'query', required: false, schema: { type: 'string' } },
              { name: 'created[gt]', in: 'query', required: false, schema: { type: 'integer' } },
            ],
            pagination: {
              style: 'starting-after',
              cursorParam: 'starting_after',
              hasMorePath: 'has_more',
              idField: 'id',
              limitParam: 'limit',
            },
          },
          { id: 'getCustomer', kind: 'get', method: 'GET', path: '/v1/customers/{id}', params: [] },
        ],
      },
      {
        name: 'contact',
        plural: 'contacts',
        schema: { type: 'object' },
        operations: [
          {
            id: 'createContact',
            kind: 'create',
            method: 'POST',
            path: '/contacts',
            params: [],
            body: {
              contentType: 'json',
              schema: {
                type: 'object',
                required: ['properties'],
                properties: {
                  properties: {
                    type: 'object',
                    required: ['email'],
                    properties: { email: { type: 'string' }, firstname: { type: 'string' } },
                  },
                },
              },
            },
          },
        ],
      },
    ],
  } as unknown as TApiDescription;

  it('offers list operations only, and leaves paging and cursor parameters to the code', () => {
    expect(readOperations(api).map((o) => o.operation.id)).toEqual(['listCustomers']);
    const list = findOperation(api, 'listCustomers')!.operation;
    const plan = {
      source: { pagination: list.pagination! },
      cursor: { param: { name: 'created[gt]' } },
    } as Parameters<typeof editableQueryParams>[1];
    expect(editableQueryParams(list, plan).map((p) => p.name)).toEqual(['email']);
  });

  it('finds the record inside a write’s container, with its required fields', () => {
    const write = {
      operation: { operationId: 'createContact' },
      kind: 'record',
      container: { field: 'properties', kind: 'object' },
      mapping: [],
    } as unknown as TPlanWrite;
    expect(schemaFields(destinationRecordSchema(write, api))).toEqual([
      { path: 'email', type: 'string', required: true },
      { path: 'firstname', type: 'string', required: false },
    ]);
  });

  it('names the placeholders of a template that no source field answers to', () => {
    const fields: FieldOption[] = [
      { path: 'name', type: 'string', required: false },
      { path: 'user.login', type: 'string', required: false },
    ];
    expect(unknownPlaceholders('{name} by {user.login|someone}: {body:80} {mood}', fields)).toEqual(
      ['body', 'mood'],
    );
    expect(unknownPlaceholders('no fields at all', fields)).toEqual([]);
  });
});

describe('ruleFor', () => {
  const amount = field('amount', 'number');
  const previous: TMappingRule = {
    to: 'amount',
    from: 'amount_due',
    type: 'number',
    values: [{ from: 'EU', to: 'EU' }],
    otherwise: 'Other',
    units: { scale: 'minor-to-major', currency: 'currency' },
    reason: 'synonym',
  };
  it('keeps the table, its otherwise and the rescaling while the source field stays', () => {
    const kept = ruleFor('amount', amount, { from: 'amount_due' }, [], previous);
    expect(kept).toMatchObject({
      values: previous.values,
      otherwise: 'Other',
      units: previous.units,
    });
    const changed = ruleFor('amount', amount, { from: 'total' }, [], previous);
    expect(changed.values).toBeUndefined();
    expect(changed.otherwise).toBeUndefined();
    expect(changed.units).toBeUndefined();
  });
  it('keeps a span of time’s conversion while the source field stays', () => {
    const hours = field('hours', 'number');
    const spent: TMappingRule = {
      to: 'hours',
      from: 'seconds_logged',
      type: 'number',
      duration: { from: 'seconds', to: 'hours' },
      reason: 'the prompt',
    };
    expect(ruleFor('hours', hours, { from: 'seconds_logged' }, [], spent).duration).toEqual({
      from: 'seconds',
      to: 'hours',
    });
    expect(ruleFor('hours', hours, { from: 'billable' }, [], spent).duration).toBeUndefined();
  });
  it('keeps a day’s shift while the source field stays', () => {
    const day = field('end.date', 'string');
    const end: TMappingRule = {
      to: 'end.date',
      from: 'due_on',
      type: 'string',
      shiftDays: 1,
      reason: 'the prompt',
    };
    expect(ruleFor('end.date', day, { from: 'due_on' }, [], end).shiftDays).toBe(1);
    expect(ruleFor('end.date', day, { from: 'start_on' }, [], end).shiftDays).toBeUndefined();
  });
});
