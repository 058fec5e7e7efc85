// RFC 6749 token endpoint requests, as both OAuth grants the worker speaks make them: client
// credentials (sandbox/connection-auth.ts) and refresh tokens (connection-tokens.ts).
import type { IncomingResponse, OutgoingRequest } from '@patchbay/runtime/network';

/** client_secret_post: the form carries the credentials, so its body never leaves its origin. */
export function tokenEndpointRequest(url: URL, form: URLSearchParams): OutgoingRequest {
  return {
    method: 'POST',
    url,
    headers: {
      accept: 'application/json',
      'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
    },
    body: Buffer.from(form.toString()),
    // The client secret is in the body: no redirect takes it to another origin.
    bodyIsSecret: true,
  };
}

/** The answer's fields: JSON, or form-encoded as some older providers send; {} when neither. */
export function tokenEndpointFields(response: IncomingResponse): Record<string, unknown> {
  const text = response.body.toString('utf8');
  try {
    if (/form-urlencoded/i.test(response.headers['content-type'] ?? ''))
      return Object.fromEntries(new URLSearchParams(text));
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
