// `npm run user:role -- EMAIL admin|moderator|member`: gives an account a role, on the
// configured database (DATABASE_URL, or the embedded one in DATA_DIR), and says what it did.
// The first admin is made this way: sign up on the site, then run this with your address.
import { USER_ROLES, isUserRole } from '../common/accounts.ts';
import { openDatabase } from '../db/client.ts';
import { loadConfigOrExit } from '../server/config.ts';
import { createServices } from '../server/services/index.ts';
import { createStorage } from '../server/storage/index.ts';

const usage = `usage: npm run user:role -- EMAIL ${USER_ROLES.join('|')}`;
const [email, role] = process.argv.slice(2);
if (!email || !role || process.argv.length > 4) {
  console.error(usage);
  process.exit(2);
}
if (!isUserRole(role)) {
  console.error(`"${role}" is not a role: use ${USER_ROLES.join(', ')}\n${usage}`);
  process.exit(2);
}

const config = loadConfigOrExit();
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dbDir}`;
let database;
try {
  database = await openDatabase({ url: config.databaseUrl, dir: config.dbDir });
} catch (error) {
  // The embedded database is locked while a server uses it.
  console.error(`Could not open ${where}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
let exitCode = 0;
const services = createServices({ config: { ...config, redisUrl: undefined }, database, storage: await createStorage(config) });
try {
  await database.migrate();
  const result = await services.users.setRole(email, role);
  if (!result) {
    console.error(`No account with the e-mail ${email.toLowerCase()} in ${where}. Sign up first, then run this again.`);
    exitCode = 1;
  } else if (result.previous === role) {
    console.log(`${result.user.email} is already ${role} (${where}): nothing changed.`);
  } else {
    console.log(`${result.user.email}: role ${result.previous} → ${role} (${where}).`);
  }
} finally {
  await services.close();
  await database.close();
}
process.exit(exitCode);
