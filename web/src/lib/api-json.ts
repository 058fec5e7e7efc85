import { apiRequest } from './api-client.ts';

/** `apiRequest` (spec §7) that also reads the JSON answer; a 204 or empty body yields undefined. */
export async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
