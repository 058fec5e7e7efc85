import { FIELD_FORMATS, type TFieldSchema } from '@patchbay/schema';

// OpenAPI schema objects → our compact TFieldSchema, and a synthesized example
// record from one. Input is a dereferenced OpenAPI 3.1 document (the parser upgraded and
// resolved it), so `$ref`s are gone but a recursive schema is now a cycle of objects: every walk
// here keeps the chain of schemas it is inside and cuts a cycle, and stops at a depth limit so an
// imported description stays small enough to store and to put in a prompt.

export type OpenApiSchema = Record<string, unknown>;

export interface FieldSchemaLimits {
  /** Nesting levels of objects and arrays kept; deeper ones become `{type}` only. */
  maxDepth: number;
  /** Properties kept per object, in document order. */
  maxProperties: number;
  /** Whether fields keep their descriptions (left out to fit a large API). */
  descriptions: boolean;
}

export const DEFAULT_FIELD_LIMITS: FieldSchemaLimits = {
  maxDepth: 4,
  maxProperties: 60,
  descriptions: true,
};

const MAX_DESCRIPTION = 200;
const MAX_ENUM = 200;

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** First sentence-ish of a description, capped: the field's meaning, not the vendor's essay. */
export function shortText(text: unknown, max = MAX_DESCRIPTION): string | undefined {
  if (typeof text !== 'string') return undefined;
  const flat = text.replace(/\s+/g, ' ').trim();
  if (!flat) return undefined;
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

const FORMAT_ALIASES: Record<string, TFieldSchema['format']> = {
  'date-time': 'date-time',
  datetime: 'date-time',
  date: 'date',
  'unix-time': 'unix-time',
  unixtime: 'unix-time',
  timestamp: 'unix-time',
  email: 'email',
  uri: 'uri',
  url: 'uri',
  'uri-reference': 'uri',
  uuid: 'id',
  phone: 'phone',
  currency: 'currency',
  html: 'html',
  markdown: 'markdown',
};

function formatOf(schema: OpenApiSchema, type: TFieldSchema['type']): TFieldSchema['format'] {
  const raw = typeof schema.format === 'string' ? schema.format.toLowerCase() : undefined;
  if (!raw) return undefined;
  const format = FORMAT_ALIASES[raw];
  if (!format || !(FIELD_FORMATS as readonly string[]).includes(format)) return undefined;
  // A timestamp on a string is ISO text, on a number it is seconds since the epoch.
  if (format === 'unix-time' && type === 'string') return 'date-time';
  return format;
}

/** The schema's types without `null`, and whether `null` was among them (3.1 and 3.0 forms). */
function typesOf(schema: OpenApiSchema): { types: string[]; nullable: boolean } {
  const declared = Array.isArray(schema.type)
    ? schema.type.filter((t): t is string => typeof t === 'string')
    : typeof schema.type === 'string'
      ? [schema.type]
      : [];
  const nullable =
    declared.includes('null') || schema.nullable === true || schema['x-nullable'] === true;
  return { types: declared.filter((t) => t !== 'null'), nullable };
}

function isNullSchema(schema: unknown): boolean {
  return isObject(schema) && (schema.type === 'null' || schema.const === null);
}

/**
 * Folds `allOf` into one schema and `oneOf`/`anyOf` into their one non-null variant, or into
 * the union of their object variants' properties (a field may be in any of them, none required).
 */
function flatten(schema: OpenApiSchema, chain: Set<object>): OpenApiSchema {
  // allOf/oneOf may lead back to a schema being flattened (A = allOf[B], B = allOf[A]).
  const inside = new Set(chain).add(schema);
  let result: OpenApiSchema = schema;
  if (Array.isArray(schema.allOf)) {
    const merged: OpenApiSchema = { ...schema, allOf: undefined };
    const properties: Record<string, unknown> = isObject(schema.properties)
      ? { ...schema.properties }
      : {};
    const required = new Set<string>(Array.isArray(schema.required) ? schema.required : []);
    for (const part of schema.allOf) {
      if (!isObject(part) || inside.has(part)) continue;
      const flat = flatten(part, inside);
      for (const [key, value] of Object.entries(flat)) {
        if (key === 'properties' && isObject(value)) Object.assign(properties, value);
        else if (key === 'required' && Array.isArray(value))
          value.forEach((name) => typeof name === 'string' && required.add(name));
        else if (merged[key] === undefined) merged[key] = value;
      }
    }
    if (Object.keys(properties).length > 0) merged.properties = properties;
    if (required.size > 0) merged.required = [...required];
    result = merged;
  }
  const variants = Array.isArray(result.oneOf)
    ? result.oneOf
    : Array.isArray(result.anyOf)
      ? result.anyOf
      : undefined;
  if (variants) {
    const nonNull = variants.filter((v): v is OpenApiSchema => isObject(v) && !isNullSchema(v));
    const nullable = nonNull.length < variants.length;
    const base: OpenApiSchema = { ...result, oneOf: undefined, anyOf: undefined };
    if (nullable) base.nullable = true;
    if (nonNull.length === 1 && !inside.has(nonNull[0]!)) {
      return { ...flatten(nonNull[0]!, inside), ...definedOnly(base) };
    }
    const objects = nonNull.filter((v) => !inside.has(v)).map((v) => flatten(v, inside));
    if (objects.length > 0 && objects.every((v) => isObject(v.properties))) {
      const properties: Record<string, unknown> = {};
      for (const v of objects) Object.assign(properties, v.properties);
      return { type: 'object', ...definedOnly(base), properties };
    }
    return definedOnly(base);
  }
  return result;
}

function definedOnly(schema: OpenApiSchema): OpenApiSchema {
  return Object.fromEntries(Object.entries(schema).filter(([, v]) => v !== undefined));
}

/** Converts one OpenAPI schema; `chain` holds the schemas we are inside (cycle cut). */
export function toFieldSchema(
  input: unknown,
  limits: FieldSchemaLimits = DEFAULT_FIELD_LIMITS,
  depth = 0,
  chain: Set<object> = new Set(),
): TFieldSchema {
  if (!isObject(input)) return { type: 'any' };
  const schema = flatten(input, chain);
  const { types, nullable } = typesOf(schema);
  let type: TFieldSchema['type'];
  if (types.length === 1) {
    const only = types[0];
    type =
      (['string', 'number', 'integer', 'boolean', 'object', 'array'] as const).find(
        (t) => t === only,
      ) ?? 'any';
  } else if (types.length > 1) type = 'any';
  else if (isObject(schema.properties)) type = 'object';
  else if (schema.items !== undefined) type = 'array';
  else if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string'))
    type = 'string';
  else type = 'any';

  const out: TFieldSchema = { type };
  const format = formatOf(schema, type);
  if (format) out.format = format;
  const description = limits.descriptions
    ? shortText(schema.description ?? schema.title)
    : undefined;
  if (description) out.description = description;
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.filter((v): v is string | number | boolean =>
      ['string', 'number', 'boolean'].includes(typeof v),
    );
    if (values.length > 0 && values.length <= MAX_ENUM) out.enum = values;
  } else if (['string', 'number', 'boolean'].includes(typeof schema.const)) {
    out.enum = [schema.const as string | number | boolean];
  }
  if (nullable || (Array.isArray(schema.enum) && schema.enum.includes(null))) out.nullable = true;
  if (schema.readOnly === true) out.readOnly = true;

  const inside = new Set(chain).add(input).add(schema);
  const deeper = depth + 1 < limits.maxDepth;
  if (type === 'object') {
    if (schema.additionalProperties === false) out.additionalProperties = false;
    if (deeper && isObject(schema.properties)) {
      const properties: Record<string, TFieldSchema> = {};
      const names = Object.keys(schema.properties).filter((n) => n.length > 0 && n.length <= 200);
      for (const name of names.slice(0, limits.maxProperties)) {
        const property = schema.properties[name];
        properties[name] =
          isObject(property) && inside.has(property)
            ? { type: 'object' } // a cycle: the record refers to its own kind
            : toFieldSchema(property, limits, depth + 1, inside);
      }
      out.properties = properties;
      const required = Array.isArray(schema.required)
        ? schema.required.filter((n): n is string => typeof n === 'string' && n in properties)
        : [];
      if (required.length > 0) out.required = required;
    }
  } else if (type === 'array' && deeper && isObject(schema.items)) {
    out.items = inside.has(schema.items)
      ? { type: 'object' }
      : toFieldSchema(schema.items, limits, depth + 1, inside);
  }
  return out;
}

/** An example value the document gives for a schema (3.1 `examples[0]`, 3.0 `example`, default). */
export function documentedExample(schema: unknown): unknown {
  if (!isObject(schema)) return undefined;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  return undefined;
}

const STRING_EXAMPLES: Partial<Record<NonNullable<TFieldSchema['format']>, string>> = {
  'date-time': '2025-01-15T09:30:00Z',
  date: '2025-01-15',
  email: 'jane@example.com',
  uri: 'https://example.com/resource',
  phone: '+15555550123',
  currency: 'usd',
  id: '3f2b8c1e-5d4a-4c6b-9e7f-1a2b3c4d5e6f',
  html: '<p>Example</p>',
  markdown: 'Example',
};

/**
 * A realistic-looking value for a schema: the document's own examples where it has them, else
 * one made from types, formats and enums. `original` is the OpenAPI schema (for its examples),
 * `field` the converted one (for types and formats).
 */
export function exampleValue(
  original: unknown,
  field: TFieldSchema,
  name = '',
  depth = 0,
  chain: Set<object> = new Set(),
): unknown {
  const given = documentedExample(original);
  if (given !== undefined) return given;
  const source = isObject(original) ? flatten(original, chain) : {};
  if (source.default !== undefined) return source.default;
  if (field.enum && field.enum.length > 0) return field.enum[0];
  switch (field.type) {
    case 'string':
      if (field.format && STRING_EXAMPLES[field.format]) return STRING_EXAMPLES[field.format];
      if (/(^|_)id$|Id$/.test(name)) return `${name.replace(/_?id$/i, '') || 'item'}_123`;
      if (/name$/i.test(name)) return 'Example name';
      return name ? `example ${name}` : 'example';
    case 'integer':
      return field.format === 'unix-time' ? 1736933400 : 1;
    case 'number':
      return 1.5;
    case 'boolean':
      return true;
    case 'array': {
      if (!field.items || depth >= 3) return [];
      const items = isObject(source.items) && !chain.has(source.items) ? source.items : undefined;
      return [exampleValue(items, field.items, '', depth + 1, new Set(chain).add(source))];
    }
    case 'object': {
      const record: Record<string, unknown> = {};
      const props = isObject(source.properties) ? source.properties : {};
      const inside = new Set(chain).add(source);
      if (isObject(original)) inside.add(original);
      for (const [key, sub] of Object.entries(field.properties ?? {})) {
        const subOriginal = props[key];
        if (isObject(subOriginal) && inside.has(subOriginal)) continue;
        record[key] = exampleValue(subOriginal, sub, key, depth + 1, inside);
      }
      return record;
    }
    default:
      return null;
  }
}
