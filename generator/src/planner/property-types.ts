import type { TApiDescription, TOperation } from '@patchbay/schema';
import type { WritePlan } from './plan-types.ts';

// A database of typed properties (Notion's) is the user's own: the catalog cannot know that
// "Owner" is a select there and not text, and the API refuses a value of another type. The
// database says its properties' types when read, so the code reads them before writing, and
// the types guessed from the names only fill in for a property it does not list.

export interface PropertyTypesRead {
  operation: TOperation;
  /** The path parameter that names the database, and its value from the plan. */
  param: string;
  value: string;
}

/** The read of the parent database's properties, when the write has one and the API can. */
export function propertyTypesRead(
  write: WritePlan | undefined,
  description: TApiDescription | undefined,
): PropertyTypesRead | undefined {
  if (write?.container?.kind !== 'typed-properties' || !description) return undefined;
  const parent = write.rules.find((r) => r.to.startsWith('parent.') && r.value !== undefined);
  const param = parent?.to.slice('parent.'.length);
  if (!param || parent?.value === undefined) return undefined;
  for (const resource of description.resources) {
    const operation = resource.operations.find(
      (op) =>
        op.kind === 'get' &&
        op.method === 'GET' &&
        op.params
          .filter((p) => p.in === 'path')
          .map((p) => p.name)
          .join() === param,
    );
    if (operation) return { operation, param, value: parent.value };
  }
  return undefined;
}
