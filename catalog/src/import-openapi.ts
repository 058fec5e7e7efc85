import { ZApiDescription, type TApiDescription } from '@patchbay/schema';
import { buildDescription, listOperations } from './import-openapi/build.ts';
import { OpenApiImportError } from './import-openapi/errors.ts';
import { loadDocument } from './import-openapi/load.ts';
import type { ImportOptions } from './import-openapi/options.ts';
import { servers } from './import-openapi/servers.ts';
import { isObject } from './openapi-field-schema.ts';

// OpenAPI import: an OpenAPI 3.x or Swagger 2.0 document, as JSON or YAML text or an object,
// distilled into our own description format, so that a pasted or fetched document describes an
// API as well as a catalog entry does. The stages live in import-openapi/: load.ts parses and
// checks the document and lets @scalar/openapi-parser validate it, upgrade Swagger 2.0 and
// resolve `$ref`s; servers.ts and auth.ts read where the API is and how a caller signs in;
// build.ts (with resources.ts) groups the operations into resources. A bad document throws
// OpenApiImportError saying what is wrong and where (a line or a JSON pointer); the API answers
// it with its status. The output is plain JSON, the same for the same input, so it can be stored
// with an integration as it is.

export { OpenApiImportError } from './import-openapi/errors.ts';
export { MAX_DOCUMENT_BYTES, parseDocumentText } from './import-openapi/load.ts';
export { MAX_DESCRIPTION_BYTES } from './import-openapi/build.ts';
export type { ImportOptions } from './import-openapi/options.ts';

const MAX_WARNINGS = 50;

export interface ImportResult {
  description: TApiDescription;
  /** What was left out or guessed, each naming where in the document. */
  warnings: string[];
}

/**
 * Turns an OpenAPI 3.x or Swagger 2.0 document into a TApiDescription. Throws
 * OpenApiImportError for a document that cannot be used.
 */
export async function importOpenApi(
  input: string | object,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const warnings: string[] = [];
  const warn = (message: string) => warnings.push(message);
  const doc = await loadDocument(input, warn);
  const raws = listOperations(doc, warn);
  const found = servers(doc, options);
  const server = found[0];
  if (!server) {
    throw new OpenApiImportError(
      'NO_SERVER',
      "The document names no absolute server URL: give the API's base URL along with it",
      '/servers',
    );
  }

  const description = buildDescription(doc, raws, found, options, warnings);
  if (isObject(doc.webhooks) && Object.keys(doc.webhooks).length > 0) {
    warn('/webhooks: webhook events are not imported (OpenAPI does not say how they are signed)');
  }

  const parsed = ZApiDescription.safeParse(description);
  if (!parsed.success) {
    // Our own conversion broke the format: a bug here, not in the user's document.
    const issue = parsed.error.issues[0];
    throw new Error(
      `OpenAPI import produced an invalid description at ${issue?.path.join('.')}: ${issue?.message}`,
    );
  }
  const extra = warnings.length - MAX_WARNINGS;
  const shown = extra > 0 ? [...warnings.slice(0, MAX_WARNINGS), `…and ${extra} more`] : warnings;
  return {
    description: JSON.parse(JSON.stringify(parsed.data)) as TApiDescription,
    warnings: shown,
  };
}
