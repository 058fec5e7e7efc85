import { z } from 'zod';

// Accounts. The web forms and the API validate with these same objects.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
const NAME_MAX_LENGTH = 100;

// The format is a check on the trimmed string, not a pipe into z.email(): a pipe's input side
// is all the OpenAPI document would show, and it would lose `format: email` (ADR 038).
const zEmail = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .check(z.email('Enter a valid email address'));

const zPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, 'Must be at least 8 characters')
  .max(PASSWORD_MAX_LENGTH, `Must be at most ${PASSWORD_MAX_LENGTH} characters`);

const zOptionalName = z.string().trim().max(NAME_MAX_LENGTH, 'Name is too long').optional();

export const ZSignupRequest = z.strictObject({
  email: zEmail,
  password: zPassword,
  firstName: zOptionalName,
  lastName: zOptionalName,
});
export type TSignupRequest = z.infer<typeof ZSignupRequest>;

export const ZLoginRequest = z.strictObject({
  email: zEmail,
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZChangePasswordRequest = z.strictObject({
  currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_MAX_LENGTH),
  newPassword: zPassword,
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** POST /api/auth/password-reset/request: always 202, whether or not the account exists. */
export const ZPasswordResetRequest = z.strictObject({ email: zEmail });
export type TPasswordResetRequest = z.infer<typeof ZPasswordResetRequest>;

/** POST /api/auth/password-reset/confirm: the token from the mailed link, and the new password. */
export const ZPasswordResetConfirm = z.strictObject({
  token: z.string().min(1, 'The reset link is incomplete').max(200),
  newPassword: zPassword,
});
export type TPasswordResetConfirm = z.infer<typeof ZPasswordResetConfirm>;

/** GET /api/auth/password-reset: whether this server can mail reset links (SMTP_URL). */
export const ZPasswordResetAvailability = z.object({ emailConfigured: z.boolean() });
export type TPasswordResetAvailability = z.infer<typeof ZPasswordResetAvailability>;

/** Password for accounts that have one; Google-only accounts confirm with a recent sign-in. */
export const ZDeleteAccountRequest = z.strictObject({
  password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});
export type TDeleteAccountRequest = z.infer<typeof ZDeleteAccountRequest>;

export const ZPlan = z.enum(['free', 'pro']);
export type TPlan = z.infer<typeof ZPlan>;

/** Operators run the installation (Temporal Web UI links, its codec endpoint). */
export const ZUserRole = z.enum(['user', 'operator']);
export type TUserRole = z.infer<typeof ZUserRole>;

/** GET /api/auth/user; also the answer of signup (201) and login (200). */
export const ZUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  plan: ZPlan,
  role: ZUserRole,
  /** True when the account can sign in with a password (false: Google only). */
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZCreateApiTokenRequest = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name is too long'),
});
export type TCreateApiTokenRequest = z.infer<typeof ZCreateApiTokenRequest>;

export const ZApiToken = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type TApiToken = z.infer<typeof ZApiToken>;

/** POST /api/auth/tokens: the only time the secret is shown. */
export const ZCreatedApiToken = ZApiToken.extend({ token: z.string() });
export type TCreatedApiToken = z.infer<typeof ZCreatedApiToken>;
