import type { TOperation } from '@patchbay/schema';

/**
 * Where a get-by-id call's record is in its answer, as its described response says: the answer
 * itself (''), its one wrapping object (`contact`), or the only item of its one list
 * (`Contacts.0`: Xero answers a get by id with `{Contacts: [contact]}`).
 */
export function answerRecordPath(operation: TOperation): string {
  const properties = Object.entries(operation.response?.properties ?? {});
  const [only] = properties;
  if (properties.length !== 1 || !only) return '';
  const [name, schema] = only;
  if (schema.type === 'object') return name;
  return schema.type === 'array' && schema.items?.type === 'object' ? `${name}.0` : '';
}
