// The console page a password-reset link opens: mailed by the API, printed by
// `npm run reset-password`.
export function resetPasswordLink(appUrl: URL | string, token: string): string {
  const url = new URL('/reset-password', appUrl);
  url.searchParams.set('token', token);
  return url.href;
}
