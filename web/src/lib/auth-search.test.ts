import { describe, expect, it } from 'vitest';
import { googleSignInErrorText, redirectAfterSignIn, validateAuthSearch } from './auth-search.ts';

describe('validateAuthSearch', () => {
  it('keeps string next and error, drops anything else', () => {
    expect(validateAuthSearch({ next: '/integrations/new', error: 'google_denied', x: 1 })).toEqual(
      { next: '/integrations/new', error: 'google_denied' },
    );
    expect(validateAuthSearch({ next: 5, error: '' })).toEqual({});
    expect(validateAuthSearch({})).toEqual({});
  });
});

describe('redirectAfterSignIn', () => {
  it('goes to /dashboard by default', () => {
    expect(redirectAfterSignIn({})).toBe('/dashboard');
  });

  it('follows a local next path', () => {
    expect(redirectAfterSignIn({ next: '/integrations/new' })).toBe('/integrations/new');
  });

  it('never leaves the site', () => {
    expect(redirectAfterSignIn({ next: 'https://evil.example' })).toBe('/dashboard');
    expect(redirectAfterSignIn({ next: '//evil.example/x' })).toBe('/dashboard');
    expect(redirectAfterSignIn({ next: '/\\evil.example' })).toBe('/dashboard');
  });
});

describe('googleSignInErrorText', () => {
  it('names a known failure', () => {
    expect(googleSignInErrorText('google_not_configured')).toBe('Google sign-in is not configured');
  });

  it('falls back to the generic failure for unknown or inherited keys', () => {
    const generic = 'Google sign-in failed. Please try again.';
    expect(googleSignInErrorText('made_up')).toBe(generic);
    expect(googleSignInErrorText('toString')).toBe(generic);
  });
});
