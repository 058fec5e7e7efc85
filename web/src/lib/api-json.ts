import type { z } from 'zod';
import { apiRequest, readJson } from './api-client.ts';

/**
 * `apiRequest` that also reads the JSON answer and parses it with a shared schema from
 * `@patchbay/schema`; a mismatch throws ResponseShapeError instead of a cast (ADR 018). For a
 * 204 answer, call `apiRequest` instead.
 */
export async function apiJson<S extends z.ZodType>(
  method: string,
  url: string,
  schema: S,
  data?: unknown,
): Promise<z.output<S>> {
  return readJson(await apiRequest(method, url, data), schema, `${method} ${url}`);
}
