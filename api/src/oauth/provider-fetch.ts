// The API's requests to OAuth providers (code exchange, revocation, UserInfo) go to
// URLs a user may have typed, so they follow the sandbox's network rules (ADR 012): every
// hop's addresses are checked and the connection goes to the checked address. Without this, a
// token URL such as http://169.254.169.254/ would make the API itself reach inside the network.
import { guardedRequest } from '@patchbay/runtime/network';

/** Provider answers are small JSON documents. */
const MAX_PROVIDER_RESPONSE_BYTES = 1024 * 1024;
/** A provider that does not answer within this long has failed. */
export const PROVIDER_TIMEOUT_MS = 15_000;

export type ProviderFetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** A fetch for provider endpoints, through the network guard. */
export function providerFetch(network: { allowPrivateNetwork: boolean }): ProviderFetch {
  return async (url, init = {}) => {
    const request = new Request(url, init);
    const body = request.body === null ? null : Buffer.from(await request.arrayBuffer());
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const response = await guardedRequest(
      {
        method: request.method,
        url: new URL(request.url),
        headers,
        body,
        // A token request's body carries the client secret and the code: never to another origin.
        bodyIsSecret: true,
      },
      {
        allowPrivateNetwork: network.allowPrivateNetwork,
        maxResponseBytes: MAX_PROVIDER_RESPONSE_BYTES,
        timeoutMs: PROVIDER_TIMEOUT_MS,
        signal: init.signal ?? AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        onAttempt: () => {},
        record: () => () => {},
      },
    );
    const empty = response.status === 204 || response.status === 304 || request.method === 'HEAD';
    return new Response(empty ? null : new Uint8Array(response.body), {
      status: response.status,
      headers: response.headers,
    });
  };
}
