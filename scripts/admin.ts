// `npm run admin -- grant <email> | revoke <email> | list | service-token … | recheck-archives`: manages
// admins and service tokens, and re-checks stored archives, of the registry the server uses (DATA_DIR or DATABASE_URL).
import { parseEnv } from '../src/server/env.ts';
import { AdminCliError, listAdmins, setAdmin } from './lib/admin-users.ts';
import { runServiceTokenCommand, SERVICE_TOKEN_USAGE } from './lib/admin-service-tokens.ts';
import { ARCHIVES_USAGE, runArchivesCommand } from './lib/admin-archives.ts';
import { exitWithError, openCliRuntime } from './lib/cli-runtime.ts';

const USAGE = `Usage: npm run admin -- <command>

  grant <email>    make the user with this e-mail an admin
  revoke <email>   take admin rights away
  list             show the admins
${SERVICE_TOKEN_USAGE}
${ARCHIVES_USAGE}

Works on the database the server uses (DATA_DIR, or DATABASE_URL). The user must have signed in once.
Stop a server that uses the same embedded DATA_DIR first.`;

const [command, email, ...rest] = process.argv.slice(2);
const valid =
  command === 'service-token' ||
  command === 'recheck-archives' ||
  (command === 'list' && !email) ||
  ((command === 'grant' || command === 'revoke') && email && !rest.length);
if (!valid) {
  console.error(USAGE);
  process.exit(command === '--help' || command === '-h' ? 0 : 2);
}

const runtime = await openCliRuntime().catch(exitWithError);
try {
  const { db } = runtime.services;
  if (command === 'service-token') {
    await runServiceTokenCommand(db, process.argv.slice(3));
  } else if (command === 'recheck-archives') {
    await runArchivesCommand(runtime.services, process.argv.slice(3));
  } else if (command === 'list') {
    const admins = await listAdmins(db);
    if (admins.length === 0) console.log('No admins yet. Grant one with: npm run admin -- grant <email>');
    for (const admin of admins) console.log(`${admin.email ?? '(no e-mail)'}\t${admin.name ?? ''}\tuid ${admin.id}`);
  } else {
    const granting = command === 'grant';
    const changes = await setAdmin(db, email!, granting);
    for (const { user, changed } of changes) {
      const who = `${user.email} (uid ${user.id})`;
      if (!changed) console.log(`${who} ${granting ? 'is already an admin' : 'is not an admin'}; nothing changed.`);
      else console.log(granting ? `${who} is now an admin.` : `${who} is no longer an admin.`);
    }
    // ADMIN_EMAILS grants again at the next sign-in, which would quietly undo a revoke.
    if (!granting && parseEnv().ADMIN_EMAILS.includes(email!.trim().toLowerCase())) {
      console.log('Note: this address is in ADMIN_EMAILS, which makes it an admin again at its next sign-in.');
    }
  }
} catch (error) {
  await runtime.close();
  if (error instanceof AdminCliError) exitWithError(error);
  throw error;
}
await runtime.close();
