import type { TFieldSchema, TOperation } from '@patchbay/schema';

// The one validator of a value against a description's field schema (ADR 017). The dry run
// checks every captured write with it, and the description-driven mock server
// (scripts/test-support/description-mock-server.ts) refuses bad writes with it, so a body the
// dry run passes is a body the mock accepts. Browser-safe: no Node built-ins.

export interface ValueError {
  /** Dotted path into the value (`properties.Email`), `(body)` for the value itself. */
  path: string;
  message: string;
}

export interface ValidateOptions {
  /** Where `value` sits in a larger value; '' for the top. */
  path?: string;
  /** Form bodies carry text only, so scalar types are not checked. */
  form?: boolean;
  /** An update (PATCH) sends only what changes: required fields are not required. */
  partial?: boolean;
}

/**
 * Errors in `value` against `schema`: types, `required`, fields a schema does not list (unless
 * `additionalProperties` is true), enums, formats (email, date-time, date) and read-only
 * fields in a request. Empty when the value fits.
 */
export function validateValue(
  schema: TFieldSchema,
  value: unknown,
  options: ValidateOptions = {},
): ValueError[] {
  const path = options.path ?? '';
  const form = options.form ?? false;
  const errors: ValueError[] = [];
  const at = path || '(body)';
  if (value === null) {
    if (!schema.nullable && schema.type !== 'any')
      errors.push({ path: at, message: 'must not be null' });
    return errors;
  }
  if (schema.readOnly && path) errors.push({ path: at, message: 'is read-only' });
  if (!typeFits(schema, value, form)) {
    errors.push({
      path: at,
      message: `must be ${schema.type === 'integer' ? 'an integer' : `a ${schema.type}`}`,
    });
    return errors;
  }
  if (schema.enum && !schema.enum.map(String).includes(String(value))) {
    errors.push({ path: at, message: `must be one of ${schema.enum.join(', ')}` });
  }
  if (typeof value === 'string') {
    const formatError = checkFormat(schema.format, value);
    if (formatError) errors.push({ path: at, message: formatError });
  }
  if (schema.type === 'object' && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (!options.partial) {
      for (const name of schema.required ?? []) {
        if (record[name] === undefined || record[name] === '')
          errors.push({ path: join(path, name), message: 'is required' });
      }
    }
    for (const [name, inner] of Object.entries(record)) {
      const child = schema.properties?.[name];
      if (child) errors.push(...validateValue(child, inner, { path: join(path, name), form }));
      // As the static check (check-calls.ts): a schema that lists its fields takes only those,
      // unless it says it takes more (custom fields).
      else if (schema.properties && schema.additionalProperties !== true)
        errors.push({ path: join(path, name), message: 'is not a known field' });
    }
  }
  if (schema.type === 'array' && Array.isArray(value) && schema.items) {
    const items = schema.items;
    value.forEach((item, i) =>
      errors.push(...validateValue(items, item, { path: join(path, String(i)), form })),
    );
  }
  return errors;
}

/**
 * A write's body against its operation: a body where the operation takes one, the body schema
 * (partial for updates), and a batch's item limit.
 */
export function validateRequestBody(operation: TOperation, body: unknown): ValueError[] {
  if (!operation.body) return [];
  if (body === undefined || body === null || typeof body !== 'object') {
    return [{ path: '(body)', message: 'a request body is required' }];
  }
  const errors = validateValue(operation.body.schema, body, {
    form: operation.body.contentType === 'form',
    partial: operation.kind === 'update',
  });
  if (operation.batch) {
    const items = (body as Record<string, unknown>)[operation.batch.itemsField];
    if (Array.isArray(items) && items.length > operation.batch.maxItems) {
      errors.push({
        path: operation.batch.itemsField,
        message: `at most ${operation.batch.maxItems} items per request`,
      });
    }
  }
  return errors;
}

/** `a=1&meta[k]=v` → `{ a: '1', meta: { k: 'v' } }`, as form-encoding APIs (Stripe) read it. */
export function parseFormBody(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const keys = name.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = out;
    keys.slice(0, -1).forEach((key, i) => {
      node[key] ??= /^\d+$/.test(keys[i + 1] ?? '') ? [] : {};
      node = node[key] as Record<string, unknown>;
    });
    node[keys.at(-1) as string] = value;
  }
  return out;
}

function typeFits(schema: TFieldSchema, value: unknown, form: boolean): boolean {
  if (form && schema.type !== 'object' && schema.type !== 'array')
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
  switch (schema.type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return typeof value === 'object' && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    default:
      return true;
  }
}

function checkFormat(format: TFieldSchema['format'], value: string): string | undefined {
  switch (format) {
    case 'email':
      return /^[^@\s]+@[^@\s]+$/.test(value) ? undefined : 'must be an email address';
    case 'date-time':
      return Number.isNaN(Date.parse(value)) ? 'must be an ISO 8601 date-time' : undefined;
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(value) ? undefined : 'must be a date (YYYY-MM-DD)';
    default:
      return undefined;
  }
}

function join(path: string, name: string): string {
  return path ? `${path}.${name}` : name;
}
