// Webhook intake shared by the API and the export (ADR 021): signature checks, the
// body, the event id and the headers the code sees. The export ships this as one generated file
// (runtime/scripts/build-runtime.ts).
export {
  DEFAULT_TOLERANCE_SECONDS,
  SCHEME_HEADERS,
  signatureHeader,
  verifySignature,
  type VerifyInput,
  type VerifyResult,
} from './verify-signature.ts';
export {
  bodyHashId,
  MAX_WEBHOOK_BODY_BYTES,
  parseWebhookBody,
  visibleWebhookHeaders,
  WebhookBodyError,
  webhookEventId,
} from './webhook-event.ts';
