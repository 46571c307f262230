// `npm run create-admin -- --email you@example.com [--first-name A --last-name B]`
// Creates a super admin on the configured database; password from ADMIN_PASSWORD or asked for.
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { ZEmail, ZPassword } from '@portal/shared/auth';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { hashPassword } from '../auth/passwords.ts';
import { loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { users } from '../db/schema/accounts.ts';
import { findUserByEmail } from '../modules/sign-in/sign-in.repository.ts';

const { values } = parseArgs({
  options: { email: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' } },
});
const email = ZEmail.safeParse(values.email ?? '');
if (!email.success) {
  console.error('Usage: npm run create-admin -- --email you@example.com [--first-name A] [--last-name B]');
  process.exit(2);
}
let password = process.env.ADMIN_PASSWORD;
if (!password) {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  password = await rl.question('Password (min 8 characters): ');
  rl.close();
}
const checked = ZPassword.safeParse(password);
if (!checked.success) {
  console.error(checked.error.issues[0].message);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config);
await runMigrations(database, config.databaseUrl);
if (await findUserByEmail(database.db, email.data)) {
  console.error(`A user with the e-mail ${email.data} already exists.`);
  await database.close();
  process.exit(1);
}
await database.db.insert(users).values({
  email: email.data,
  username: email.data,
  passwordHash: await hashPassword(checked.data),
  firstName: values['first-name'] ?? '',
  lastName: values['last-name'] ?? '',
  membershipId: MEMBERSHIP.admin,
  isSuperuser: true,
  agreementAcceptedAt: new Date(),
});
await database.close();
console.log(`Admin ${email.data} created.`);
