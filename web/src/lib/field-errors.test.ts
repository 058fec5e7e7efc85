import { ZLoginRequest, ZSignupRequest } from '@patchbay/schema';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from './field-errors.ts';

function errorsFor(result: {
  success: boolean;
  error?: { issues: Parameters<typeof fieldErrors>[0] };
}) {
  return result.success ? {} : fieldErrors(result.error?.issues ?? []);
}

describe('fieldErrors with the shared account schemas', () => {
  it('requires email and password on login', () => {
    expect(errorsFor(ZLoginRequest.safeParse({ email: '', password: '' }))).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('rejects a malformed email', () => {
    expect(errorsFor(ZLoginRequest.safeParse({ email: 'nope', password: 'x' }))).toEqual({
      email: 'Enter a valid email address',
    });
  });

  it('asks for 8 characters on signup, names optional', () => {
    expect(
      errorsFor(ZSignupRequest.safeParse({ email: 'a@b.co', password: 'short', firstName: '' })),
    ).toEqual({ password: 'Must be at least 8 characters' });
    expect(
      errorsFor(ZSignupRequest.safeParse({ email: 'a@b.co', password: 'longenough' })),
    ).toEqual({});
  });

  it('keeps the first message per field and ignores issues without a field', () => {
    expect(
      fieldErrors([
        { path: ['email'], message: 'first' },
        { path: ['email'], message: 'second' },
        { path: [], message: 'form-level' },
      ]),
    ).toEqual({ email: 'first' });
  });
});
