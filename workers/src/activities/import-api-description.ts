import { ApplicationFailure, Context } from '@temporalio/activity';
import { importOpenApi, MAX_DOCUMENT_BYTES, OpenApiImportError } from '@patchbay/catalog';
import {
  ZImportApiDescriptionInput,
  type TImportApiDescriptionInput,
  type TImportFailureType,
  type TImportResponse,
} from '@patchbay/schema';
import { parsePayload } from '@patchbay/workflows';
import { guardedRequest, RequestFailedError } from '@patchbay/runtime/network';
import { BlockedRequestError, type LookupAll } from '@patchbay/runtime/network';

// POST /api/catalog/import with a URL: the document is fetched here, in the worker,
// through the sandbox's network guard (private and metadata addresses refused unless
// SANDBOX_ALLOW_PRIVATE_NETWORK; redirects re-checked), capped in size and time, then distilled
// into an API description. Nothing is saved. The API never fetches user-given URLs itself.

/** How long one fetch of a document may take. */
export const IMPORT_FETCH_TIMEOUT_MS = 20_000;

const ACCEPT = 'application/json, application/yaml;q=0.9, text/yaml;q=0.9, */*;q=0.5';

/** A failure the API answers with the code's status (IMPORT_FAILURES). */
function importFailure(code: TImportFailureType, message: string, retryable = false) {
  return ApplicationFailure.create({ message, type: code, nonRetryable: !retryable });
}

export function createImportApiDescription(deps: {
  allowPrivateNetwork: boolean;
  /** Tests put a fake public host name in front of a loopback server. */
  lookup?: LookupAll;
}) {
  return async function importApiDescription(
    payload: TImportApiDescriptionInput,
  ): Promise<TImportResponse> {
    const { url, baseUrl } = parsePayload(
      ZImportApiDescriptionInput,
      payload,
      'importApiDescription',
    );
    let response;
    try {
      response = await guardedRequest(
        { method: 'GET', url: new URL(url), headers: { accept: ACCEPT }, body: null },
        {
          allowPrivateNetwork: deps.allowPrivateNetwork,
          maxResponseBytes: MAX_DOCUMENT_BYTES,
          timeoutMs: IMPORT_FETCH_TIMEOUT_MS,
          signal: Context.current().cancellationSignal,
          ...(deps.lookup ? { lookup: deps.lookup } : {}),
          onAttempt: () => {},
          record: () => () => {},
        },
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof RequestFailedError && /larger than/.test(reason)) {
        const tooLarge = new OpenApiImportError(
          'DOCUMENT_TOO_LARGE',
          `The document at ${url} is larger than ${MAX_DOCUMENT_BYTES / (1024 * 1024)} MiB`,
          'the whole document',
        );
        throw importFailure(tooLarge.code, tooLarge.message);
      }
      // A refused address or a malformed redirect will not change; a timeout or reset may.
      const retryable =
        !(error instanceof BlockedRequestError) &&
        !(error instanceof RequestFailedError && !error.retryable);
      throw importFailure('FETCH_FAILED', `Could not fetch ${url}: ${reason}`, retryable);
    }
    if (response.status < 200 || response.status > 299) {
      throw importFailure(
        'FETCH_FAILED',
        `Could not fetch ${url}: the server answered ${response.status}`,
        response.status >= 500,
      );
    }
    try {
      return await importOpenApi(response.body.toString('utf8'), {
        sourceUrl: response.url.href,
        ...(baseUrl ? { baseUrl } : {}),
      });
    } catch (error) {
      if (error instanceof OpenApiImportError) throw importFailure(error.code, error.message);
      throw error;
    }
  };
}
