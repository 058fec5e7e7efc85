// npm run set-role -- <email> <user|operator>: make an account an operator or take the role
// back. Operators see links to the Temporal Web UI and may decode its payloads
// through the API; the first account to sign up is one already.
import { ZUserRole } from '@patchbay/schema';
import { setRoleByEmail } from '@patchbay/db';
import { opsEnvironment } from '../lib/ops-env.ts';

const [email, role] = process.argv.slice(2);
const parsedRole = ZUserRole.safeParse(role);
if (!email || !parsedRole.success) {
  console.error('usage: npm run set-role -- <email> <user|operator>');
  process.exit(2);
}
try {
  const { sql } = await opsEnvironment();
  const changed = await setRoleByEmail(sql, email, parsedRole.data);
  await sql.end();
  if (changed === undefined) throw new Error(`no account with the email ${email}`);
  console.log(`${changed} is now ${parsedRole.data === 'operator' ? 'an operator' : 'a user'}.`);
} catch (error) {
  console.error(`set-role: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
