import type { TFieldSchema, TOperation, TResource } from '@patchbay/schema';
import {
  exampleValue,
  isObject,
  toFieldSchema,
  type FieldSchemaLimits,
} from '../openapi-field-schema.ts';
import { fieldAt, plural, singular, type ConvertedOperation } from '../openapi-operations.ts';

// One resource from the operations grouped under it: its name, record schema, id field, an
// example record, and which list operations can ask for records changed since a time.

const CREATED_FIELD =
  /^(created|created_?at|createdAt|creation_?date|date_?created|created_?time|createdTime|created_?on)$/i;
const UPDATED_FIELD =
  /^(updated|updated_?at|updatedAt|modified|modified_?at|modifiedAt|last_?modified|lastModified|date_?updated|updated_?time|updatedTime|updated_?on)$/i;
const SINCE_PARAM =
  /^(since|(updated|modified|changed|created)_?(since|after)|(updated|modified|changed|created)(Since|After)|(updated_at|created_at|created|updated)\[?(gt|gte|after)\]?|(updated|created)_?gt)$/i;

export function resourceName(key: string): { name: string; plural: string } {
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  if (words.length === 0) return { name: 'record', plural: 'records' };
  const last = words.at(-1)!;
  const name = [...words.slice(0, -1), singular(last)].join(' ').slice(0, 100);
  return { name, plural: [...words.slice(0, -1), plural(singular(last))].join(' ').slice(0, 100) };
}

function pickIdField(
  schema: TFieldSchema,
  resource: string,
  ops: TOperation[],
): string | undefined {
  const names = Object.keys(schema.properties ?? {});
  if (names.includes('id')) return 'id';
  const compact = resource.replace(/\s+/g, '');
  const own = names.find(
    (n) => n.toLowerCase() === `${compact}id` || n.toLowerCase() === `${compact}_id`,
  );
  if (own) return own;
  const pathParam = ops
    .filter((op) => op.kind === 'get')
    .flatMap((op) => op.params.filter((p) => p.in === 'path').map((p) => p.name))
    .at(-1);
  if (pathParam && names.includes(pathParam)) return pathParam;
  return names.find((n) => /(^|_)id$|[a-z]Id$|^uuid$|^key$/.test(n));
}

/** The record inside a documented list example, at the operation's itemsPath. */
function firstItem(example: unknown, itemsPath: string | undefined): unknown {
  let value = example;
  for (const part of (itemsPath ?? '').split('.').filter(Boolean))
    value = isObject(value) ? value[part] : undefined;
  return Array.isArray(value) ? value[0] : undefined;
}

export function buildResource(
  key: string,
  converted: ConvertedOperation[],
  limits: FieldSchemaLimits,
  warn: (message: string) => void,
): TResource {
  const { name, plural: pluralName } = resourceName(key);
  const ops = converted.map((c) => c.operation);
  const preference = ['get', 'list', 'search', 'create', 'update'] as const;
  const source = preference
    .map((kind) => converted.find((c) => c.operation.kind === kind && isObject(c.recordSource)))
    .find((c) => c !== undefined);
  const recordSource = source?.recordSource;
  let schema: TFieldSchema =
    recordSource !== undefined ? toFieldSchema(recordSource, limits) : { type: 'object' };
  if (schema.type !== 'object') schema = { type: 'object' };
  let idField = pickIdField(schema, name, ops);

  let example: Record<string, unknown> | undefined;
  for (const c of converted) {
    const value =
      c.operation.kind === 'list' || c.operation.kind === 'search'
        ? firstItem(c.responseExample, c.operation.itemsPath)
        : c.responseExample;
    if (isObject(value) && ['get', 'list', 'search', 'create'].includes(c.operation.kind)) {
      example = value;
      break;
    }
  }
  if (!example) {
    const made = exampleValue(recordSource, schema);
    example = isObject(made) ? made : {};
  }
  if (!idField) {
    idField = 'id';
    warn(`resource "${name}": its records have no id field; "id" assumed`);
  }
  if (example[idField] === undefined)
    example = { [idField]: `${name.replace(/\s+/g, '_')}_123`, ...example };

  const names = Object.keys(schema.properties ?? {});
  const createdField = names.find((n) => CREATED_FIELD.test(n));
  const updatedField = names.find((n) => UPDATED_FIELD.test(n));
  for (const op of ops) {
    if (op.kind !== 'list') continue;
    const param = op.params.find((p) => p.in === 'query' && SINCE_PARAM.test(p.name));
    if (!param) continue;
    const format =
      param.schema.format === 'date-time' || param.schema.format === 'date'
        ? param.schema.format
        : param.schema.type === 'integer' || param.schema.type === 'number'
          ? 'unix-time'
          : param.schema.type === 'string'
            ? 'date-time'
            : undefined;
    const field = /created/i.test(param.name) ? createdField : (updatedField ?? createdField);
    if (format && field && fieldAt(schema, field)) op.since = { param: param.name, format, field };
  }

  return {
    name,
    plural: pluralName,
    aliases: [],
    schema,
    idField,
    ...(createdField ? { createdField } : {}),
    ...(updatedField ? { updatedField } : {}),
    example,
    operations: ops,
  };
}
