// npm run reset-password -- <email>: prints a single-use link (30 minutes) that lets the
// account's owner choose a new password. For servers without SMTP_URL, where "Forgot
// password?" cannot mail one. Send the link to the owner yourself.
import { createPasswordReset, findUserByEmail, PASSWORD_RESET_TTL_MS } from '@patchbay/db';
import { resetPasswordLink } from '../../api/src/auth/reset-link.ts';
import { opsEnvironment } from '../lib/ops-env.ts';

const [email] = process.argv.slice(2);
if (!email || !email.includes('@')) {
  console.error('usage: npm run reset-password -- <email>');
  process.exit(2);
}
try {
  const { sql } = await opsEnvironment();
  try {
    const user = await findUserByEmail(sql, email);
    if (!user) throw new Error(`no account with the email ${email}`);
    const { token } = await createPasswordReset(sql, user.id);
    // The console's address, as the API computes it (APP_URL, else http://localhost:PORT).
    const appUrl = process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? '3000'}`;
    console.log(
      `Send this link to ${user.email}; it works once, within ${PASSWORD_RESET_TTL_MS / 60_000} minutes:`,
    );
    console.log(resetPasswordLink(appUrl, token));
    if (!user.password_hash) {
      console.log('(This account signs in with Google; the link also gives it a password.)');
    }
  } finally {
    await sql.end();
  }
} catch (error) {
  console.error(`reset-password: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
