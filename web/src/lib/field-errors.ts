/** The parts of a zod issue a form needs; structural, so the web package need not import zod. */
interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * One message per top-level field (the first issue wins), from the shared schemas' issues, so
 * the form shows the same words the API would answer with (STYLE: contracts in `schema/`).
 */
export function fieldErrors(issues: readonly Issue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}
