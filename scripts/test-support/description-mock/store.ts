import type { TApiDescription, TFieldSchema, TOperation, TResource } from '@patchbay/schema';

// What the description mock holds: each resource's records, seeded and written, and the dotted
// paths (`properties.email`) the mock reads and writes records by.

export type MockRecord = Record<string, unknown>;

export interface RecordStore {
  /** The resource's own name for its name, its plural or its name in other case. */
  resourceKey(name: string): string;
  /** The resource's records, the live list: pushing to it stores a record. */
  recordsOf(name: string): MockRecord[];
}

/** A store of the description's resources, holding copies of the `seed` records. */
export function createStore(
  description: TApiDescription,
  seed: Record<string, MockRecord[]> = {},
): RecordStore {
  const store = new Map<string, MockRecord[]>();
  const resourceKey = (name: string): string => {
    const found = description.resources.find(
      (r) => r.name === name || r.plural === name || r.name.toLowerCase() === name.toLowerCase(),
    );
    if (!found) throw new Error(`${description.id} has no resource "${name}"`);
    return found.name;
  };
  const recordsOf = (name: string): MockRecord[] => {
    const key = resourceKey(name);
    if (!store.has(key)) store.set(key, []);
    return store.get(key) as MockRecord[];
  };
  for (const [name, records] of Object.entries(seed)) {
    recordsOf(name).push(...records.map((r) => structuredClone(r)));
  }
  return { resourceKey, recordsOf };
}

/**
 * The index in `records` (the resource's) of the record an update or upsert changes: by the
 * path's id, the record's id field or its email. An upsert by field (`/{field}/{value}`) that
 * finds none sets the field on the new record.
 */
export function findExisting(
  records: MockRecord[],
  resource: TResource,
  record: MockRecord,
  params: Record<string, string>,
  op: TOperation,
): number | undefined {
  if (
    op.kind !== 'update' &&
    op.kind !== 'upsert' &&
    op.kind !== 'batch-upsert' &&
    op.kind !== 'batch-update'
  )
    return undefined;
  const values = Object.values(params);
  if (values.length === 2 && op.kind === 'upsert') {
    const [field, value] = values as [string, string];
    const i = records.findIndex((r) => String(getPath(r, field)) === value);
    if (i >= 0) return i;
    record[field] = value;
    return undefined;
  }
  const id = values.at(-1) ?? getPath(record, resource.idField);
  if (id !== undefined) {
    const i = records.findIndex((r) => String(getPath(r, resource.idField)) === String(id));
    if (i >= 0) return i;
  }
  const email = getPath(record, 'email') ?? getPath(record, 'properties.email');
  if (email !== undefined) {
    const i = records.findIndex(
      (r) => (getPath(r, 'email') ?? getPath(r, 'properties.email')) === email,
    );
    if (i >= 0) return i;
  }
  return undefined;
}

export function leafSchema(schema: TFieldSchema, path: string): TFieldSchema | undefined {
  let node: TFieldSchema | undefined = schema;
  for (const part of path.split('.')) node = node?.properties?.[part];
  return node;
}

export function getPath(value: unknown, path: string): unknown {
  if (!path) return value;
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node == null ? undefined : (node as MockRecord)[key]), value);
}

export function setPath(target: MockRecord, path: string, value: unknown): void {
  const keys = path.split('.');
  let node: MockRecord = target;
  keys.slice(0, -1).forEach((key, i) => {
    node[key] ??= /^\d+$/.test(keys[i + 1] ?? '') ? [] : {};
    node = node[key] as MockRecord;
  });
  node[keys.at(-1) as string] = value;
}

export function deepMerge(target: MockRecord, patch: MockRecord): MockRecord {
  const out: MockRecord = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    out[key] =
      value &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      out[key] &&
      typeof out[key] === 'object'
        ? deepMerge(out[key] as MockRecord, value as MockRecord)
        : value;
  }
  return out;
}
