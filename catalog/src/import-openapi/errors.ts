// How an import fails: the error, its code and the status the API answers, and the small helper
// its messages share (JSON pointers).

/**
 * Why a document cannot be imported, and the status the API answers: 400 for text that does not
 * parse, 413 for size, 422 for a document we cannot use. The worker's activity sends the code as
 * its failure type, so this one table serves pasted and fetched documents alike.
 */
export const IMPORT_ERROR_STATUS = {
  NOT_JSON_OR_YAML: 400,
  DOCUMENT_TOO_LARGE: 413,
  NOT_OPENAPI: 422,
  UNSUPPORTED_VERSION: 422,
  UNRESOLVED_REFERENCE: 422,
  NO_OPERATIONS: 422,
  NO_SERVER: 422,
  DESCRIPTION_TOO_LARGE: 422,
  TOO_DEEPLY_NESTED: 422,
  /** The URL could not be fetched: refused by the network guard, unreachable, or not 2xx. */
  FETCH_FAILED: 422,
} as const;
export type ImportErrorCode = keyof typeof IMPORT_ERROR_STATUS;

export function isImportErrorCode(value: unknown): value is ImportErrorCode {
  return typeof value === 'string' && Object.hasOwn(IMPORT_ERROR_STATUS, value);
}

/** A document that cannot be imported; `where` is a line and column or a JSON pointer. */
export class OpenApiImportError extends Error {
  override name = 'OpenApiImportError';
  readonly code: ImportErrorCode;
  readonly where: string;
  readonly status: (typeof IMPORT_ERROR_STATUS)[ImportErrorCode];

  constructor(code: ImportErrorCode, message: string, where: string) {
    super(`${message} (at ${where})`);
    this.code = code;
    this.where = where;
    this.status = IMPORT_ERROR_STATUS[code];
  }
}

/** JSON pointer escaping (RFC 6901). */
export function escapePointer(part: string): string {
  return part.replace(/~/g, '~0').replace(/\//g, '~1');
}
