import type { TFieldSchema, TOperation } from '@patchbay/schema';

// A batch upsert is told in its body what a record is matched on (Zoho's duplicate_check_fields,
// Airtable's performUpsert.fieldsToMergeOn), or to update what it finds at all (Mailchimp's
// update_existing). Without it the API matches on nothing, or refuses the request.

const MATCH_FIELDS =
  /(?:duplicate|merge|match|unique|upsert)\w*(?:fields?|on|keys?)$|^fields?_?to_?merge/i;
const UPDATE_SWITCH = /^(?:update_?existing|upsert)$/i;

export interface UpsertSetting {
  /** Dotted path in the body, beside the batch's items. */
  path: string;
  /** fields: a list of field names to match on; switch: true makes the batch update. */
  kind: 'fields' | 'switch';
}

export function upsertSetting(operation: TOperation): UpsertSetting | undefined {
  const body = operation.body?.schema;
  const items = operation.batch?.itemsField;
  const walk = (
    schema: TFieldSchema | undefined,
    prefix: string,
    depth: number,
  ): UpsertSetting | undefined => {
    for (const [name, field] of Object.entries(schema?.properties ?? {})) {
      if (name === items) continue;
      const path = prefix ? `${prefix}.${name}` : name;
      if (field.type === 'array' && field.items?.type === 'string' && MATCH_FIELDS.test(name))
        return { path, kind: 'fields' };
      if (field.type === 'boolean' && UPDATE_SWITCH.test(name)) return { path, kind: 'switch' };
      if (field.type === 'object' && depth < 1) {
        const inner = walk(field, path, depth + 1);
        if (inner) return inner;
      }
    }
    return undefined;
  };
  return walk(body, '', 0);
}
