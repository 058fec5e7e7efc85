import { z } from 'zod';
import { ZDescriptionChoice, ZDescriptionInUse } from './api-description.ts';
import { ZGenerationReport, ZIntegrationGenerationReport } from './generation-report.ts';
import { ZOAuthGrant } from './oauth.ts';
import { ZSchedule } from './schedule.ts';
import { ZTriggerType, ZWebhookSettings, ZWebhookSignature } from './triggers.ts';
import {
  AUTH_TYPES,
  CODE_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PROMPT_MAX_LENGTH,
  PROMPT_MIN_LENGTH,
} from './integration-constants.ts';

// Integrations. The console's form and the API validate with these same objects.

const SECRET_MAX_LENGTH = 4096;

export const ZAuthType = z.enum(AUTH_TYPES, {
  error: `must be one of ${AUTH_TYPES.join(', ')}`,
});
export type TAuthType = z.infer<typeof ZAuthType>;

export const INTEGRATION_STATUSES = ['draft', 'active', 'paused', 'failed'] as const;
export const ZIntegrationStatus = z.enum(INTEGRATION_STATUSES);
export type TIntegrationStatus = z.infer<typeof ZIntegrationStatus>;

// A check, not a pipe: the OpenAPI document shows a pipe's input side only, and would lose
// `format: uri` and the protocol (ADR 038; api/src/validate.ts states the protocol).
const zHttpUrl = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(2048)
  .check(z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }));

/**
 * An absolute http(s) URL as the API accepts it for base, token and OAuth URLs: the console checks
 * what the user types with the same rule.
 */
export function isHttpUrl(value: string): boolean {
  return zHttpUrl.safeParse(value).success;
}

/**
 * The non-secret half of a connection's auth. The secret itself (API key, token,
 * password, client secret) travels in `sourceApiKeyEncrypted` / `destApiKeyEncrypted`,
 * the spec's field names, and is only ever stored encrypted.
 */
export const ZAuthConfig = z.strictObject({
  /** api-key: where the key goes. Default: header X-API-Key. */
  in: z.enum(['header', 'query']).optional(),
  /** api-key: the header or query parameter name. */
  name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_.-]+$/, 'must be a header or parameter name')
    .optional(),
  /** basic: the user name (the password is the secret). */
  username: z.string().max(256).optional(),
  /**
   * basic: which half the secret is. 'username': the API key is the user name and the
   * password is empty (Stripe, Chargebee, Recurly); `username` is then unused. Default 'password'.
   */
  secretIn: z.enum(['password', 'username']).optional(),
  /** oauth: client credentials when set; otherwise the secret is an access token. */
  tokenUrl: zHttpUrl.optional(),
  clientId: z.string().max(512).optional(),
  scope: z.string().max(1024).optional(),
  /**
   * oauth (schema/src/oauth.ts, ADR 024): the grant; authorization_code connects a user's
   * account (the secret, when set, is the client secret of the user's own app).
   */
  grant: ZOAuthGrant.optional(),
  /** oauth, APIs outside the catalog: the consent page and the RFC 7009 revocation endpoint. */
  authorizeUrl: zHttpUrl.optional(),
  revokeUrl: zHttpUrl.optional(),
  /** oauth: the UserInfo endpoint that names the connected account, when the ID token does not. */
  userinfoUrl: zHttpUrl.optional(),
});
export type TAuthConfig = z.infer<typeof ZAuthConfig>;

const zSecret = z
  .string()
  .max(SECRET_MAX_LENGTH, `must be at most ${SECRET_MAX_LENGTH} characters`);

/** Fields both create and update accept; create requires some of them. */
const connectionFields = {
  sourceApiName: z.string().trim().min(1, 'Source API name is required').max(100),
  sourceApiUrl: zHttpUrl,
  sourceAuthType: ZAuthType,
  sourceAuthConfig: ZAuthConfig,
  /** The plaintext secret (the spec's field name); write-only. */
  sourceApiKeyEncrypted: zSecret,
  destApiName: z.string().trim().min(1, 'Destination API name is required').max(100),
  destApiUrl: zHttpUrl,
  destAuthType: ZAuthType,
  destAuthConfig: ZAuthConfig,
  destApiKeyEncrypted: zSecret,
};

const zPrompt = z
  .string()
  .trim()
  .min(
    PROMPT_MIN_LENGTH,
    `Please describe your integration (minimum ${PROMPT_MIN_LENGTH} characters)`,
  )
  .max(PROMPT_MAX_LENGTH, `must be at most ${PROMPT_MAX_LENGTH} characters`);

const zName = z
  .string()
  .trim()
  .max(NAME_MAX_LENGTH, `must be at most ${NAME_MAX_LENGTH} characters`);

/** The trigger and, for a webhook, how its signature is checked and with what secret. */
const triggerRequestFields = {
  trigger: ZTriggerType.optional(),
  webhookSignature: ZWebhookSignature.optional(),
  /** The provider's signing secret, kept in the vault; an empty string clears it. */
  webhookSigningSecret: zSecret.optional(),
};

export const ZCreateIntegrationRequest = z.strictObject({
  name: zName.optional(),
  userPrompt: zPrompt,
  ...connectionFields,
  sourceAuthType: ZAuthType.default('api-key'),
  destAuthType: ZAuthType.default('api-key'),
  sourceAuthConfig: ZAuthConfig.optional(),
  destAuthConfig: ZAuthConfig.optional(),
  sourceApiKeyEncrypted: zSecret.optional(),
  destApiKeyEncrypted: zSecret.optional(),
  generatedCode: z.string().max(CODE_MAX_LENGTH).optional(),
  /** What the generator said about `generatedCode`; kept with its version. Needs the code. */
  generationReport: ZGenerationReport.optional(),
  schedule: ZSchedule.optional(),
  ...triggerRequestFields,
  /** Which API description each side uses; create defaults to auto. */
  sourceDescription: ZDescriptionChoice.optional(),
  destDescription: ZDescriptionChoice.optional(),
});
export type TCreateIntegrationRequest = z.infer<typeof ZCreateIntegrationRequest>;

/** PUT: every field optional; a credential left out is kept, an empty string clears it. */
export const ZUpdateIntegrationRequest = z.strictObject({
  name: zName.optional(),
  userPrompt: zPrompt.optional(),
  sourceApiName: connectionFields.sourceApiName.optional(),
  sourceApiUrl: connectionFields.sourceApiUrl.optional(),
  sourceAuthType: connectionFields.sourceAuthType.optional(),
  sourceAuthConfig: connectionFields.sourceAuthConfig.optional(),
  sourceApiKeyEncrypted: connectionFields.sourceApiKeyEncrypted.optional(),
  destApiName: connectionFields.destApiName.optional(),
  destApiUrl: connectionFields.destApiUrl.optional(),
  destAuthType: connectionFields.destAuthType.optional(),
  destAuthConfig: connectionFields.destAuthConfig.optional(),
  destApiKeyEncrypted: connectionFields.destApiKeyEncrypted.optional(),
  generatedCode: z.string().max(CODE_MAX_LENGTH).optional(),
  /** What the generator said about `generatedCode`; kept with its version. Needs the code. */
  generationReport: ZGenerationReport.optional(),
  /** `generatedCode` is this earlier version's code, restored: its version says so. Needs the code. */
  // A version number is a PostgreSQL integer: a larger one is no version, not a server error.
  restoredFrom: z.number().int().positive().max(2_147_483_647).optional(),
  status: ZIntegrationStatus.optional(),
  schedule: ZSchedule.optional(),
  ...triggerRequestFields,
  sourceDescription: ZDescriptionChoice.optional(),
  destDescription: ZDescriptionChoice.optional(),
});
export type TUpdateIntegrationRequest = z.infer<typeof ZUpdateIntegrationRequest>;

export const ZIntegration = z.object({
  id: z.string(),
  name: z.string(),
  sourceApiName: z.string(),
  sourceApiUrl: z.string(),
  sourceAuthType: ZAuthType,
  sourceAuthConfig: ZAuthConfig,
  /** Credentials are write-only: whether one is set, and its last characters. */
  sourceApiKeySet: z.boolean(),
  sourceApiKeyHint: z.string().nullable(),
  destApiName: z.string(),
  destApiUrl: z.string(),
  destAuthType: ZAuthType,
  destAuthConfig: ZAuthConfig,
  destApiKeySet: z.boolean(),
  destApiKeyHint: z.string().nullable(),
  userPrompt: z.string(),
  generatedCode: z.string(),
  /** The checklist of the last generation, or null when the code was never generated here. */
  generationReport: ZIntegrationGenerationReport.nullable(),
  status: ZIntegrationStatus,
  schedule: ZSchedule,
  /** How deployed runs start; the schedule applies to `schedule` only. */
  trigger: ZTriggerType,
  webhook: ZWebhookSettings.nullable(),
  /** The API description each side uses, or null when none. */
  sourceDescription: ZDescriptionInUse.nullable(),
  destDescription: ZDescriptionInUse.nullable(),
  /** After a save: what the user should know about the credentials just given (trimmed, too short). */
  notices: z.array(z.string()).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TIntegration = z.infer<typeof ZIntegration>;

/**
 * GET /api/integrations items: what the list and the dashboard show and search (no code, no
 * credentials' hints, no descriptions, so the list stays small and fast, ADR 027), and the last
 * deployed run for 'Last run' and the failed integrations' latest error. All null when it never
 * ran. The integration itself is GET /api/integrations/:id.
 */
export const ZIntegrationListItem = ZIntegration.pick({
  id: true,
  name: true,
  sourceApiName: true,
  sourceApiUrl: true,
  destApiName: true,
  destApiUrl: true,
  userPrompt: true,
  status: true,
  trigger: true,
  schedule: true,
  createdAt: true,
  updatedAt: true,
}).extend({
  lastRunAt: z.string().nullable(),
  lastRunStatus: z.enum(['success', 'failed']).nullable(),
  /** The last run's error message when it failed. */
  lastError: z.string().nullable(),
});
export type TIntegrationListItem = z.infer<typeof ZIntegrationListItem>;

export const ZListIntegrationsQuery = z.strictObject({
  status: ZIntegrationStatus.optional(),
  q: z.string().trim().max(200).optional(),
});
export type TListIntegrationsQuery = z.infer<typeof ZListIntegrationsQuery>;

export const VERSION_ORIGINS = ['generated', 'edited', 'deployed', 'plan'] as const;
export const ZIntegrationVersion = z.object({
  version: z.number().int(),
  origin: z.enum(VERSION_ORIGINS),
  code: z.string(),
  /** What the generator said about this version's code, when it was generated. */
  generationReport: ZGenerationReport.nullable(),
  /** The version this one restored (the console shows "Restored from v3"), or null. */
  restoredFrom: z.number().int().nullable(),
  createdAt: z.string(),
});
export type TIntegrationVersion = z.infer<typeof ZIntegrationVersion>;

export const ZUsage = z.object({
  plan: z.enum(['free', 'pro']),
  integrations: z.object({ used: z.number().int(), limit: z.number().int().nullable() }),
  executionsThisMonth: z.object({ used: z.number().int(), limit: z.number().int().nullable() }),
});
export type TUsage = z.infer<typeof ZUsage>;

/**
 * The status transitions a user may ask for: Save & Deploy makes any status active; Pause
 * makes any other status paused; Resume makes paused active. Nothing goes back to
 * draft, and only the runtime sets failed.
 */
export function canTransition(from: TIntegrationStatus, to: TIntegrationStatus): boolean {
  return from === to || to === 'active' || to === 'paused';
}
