// npm run set-plan -- <email> <free|pro>: switch an account's plan. Billing is not part of
// the beta; the operator enables Pro by hand.
import { ZPlan } from '@patchbay/schema';
import { setPlanByEmail } from '@patchbay/db';
import { opsEnvironment } from '../lib/ops-env.ts';

const [email, plan] = process.argv.slice(2);
const parsedPlan = ZPlan.safeParse(plan);
if (!email || !parsedPlan.success) {
  console.error('usage: npm run set-plan -- <email> <free|pro>');
  process.exit(2);
}
try {
  const { sql } = await opsEnvironment();
  const changed = await setPlanByEmail(sql, email, parsedPlan.data);
  await sql.end();
  if (changed === undefined) throw new Error(`no account with the email ${email}`);
  console.log(`${changed} is now on the ${parsedPlan.data} plan.`);
} catch (error) {
  console.error(`set-plan: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
