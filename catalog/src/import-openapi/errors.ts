// How an import fails: the error, its code and the status the API answers (IMPORT_FAILURES in
// schema/src/failures.ts), and the small helper its messages share (JSON pointers).
import { IMPORT_FAILURES, type TImportFailureType } from '@patchbay/schema';

/** A document that cannot be imported; `where` is a line and column or a JSON pointer. */
export class OpenApiImportError extends Error {
  override name = 'OpenApiImportError';
  readonly code: TImportFailureType;
  readonly where: string;
  readonly status: (typeof IMPORT_FAILURES)[TImportFailureType];

  constructor(code: TImportFailureType, message: string, where: string) {
    super(`${message} (at ${where})`);
    this.code = code;
    this.where = where;
    this.status = IMPORT_FAILURES[code];
  }
}

/** JSON pointer escaping (RFC 6901). */
export function escapePointer(part: string): string {
  return part.replace(/~/g, '~0').replace(/\//g, '~1');
}
