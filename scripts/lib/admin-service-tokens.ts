import type { Db } from '../../src/server/db/client.ts';
import {
  createServiceToken,
  listServiceTokens,
  revokeServiceToken,
} from '../../src/server/services/service-tokens/service-tokens.ts';
import { AdminCliError } from './admin-users.ts';

export const SERVICE_TOKEN_USAGE = `  service-token create <name>   print a new service token (shown once; e.g. for the Comfy CI uploader)
  service-token revoke <name>   stop a service token working
  service-token list            show service tokens (never their secrets)`;

const NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;

export async function runServiceTokenCommand(db: Db, args: string[]): Promise<void> {
  const [action, name, ...rest] = args;
  if (action === 'list' && !name) {
    const tokens = await listServiceTokens(db);
    if (tokens.length === 0) console.log('No service tokens yet.');
    for (const token of tokens) {
      const state = token.revokedAt ? `revoked ${token.revokedAt.toISOString()}` : 'active';
      console.log(`${token.name}\t${token.displayPrefix}…\t${state}`);
    }
    return;
  }
  if ((action !== 'create' && action !== 'revoke') || !name || rest.length) {
    throw new AdminCliError(`Usage:\n${SERVICE_TOKEN_USAGE}`);
  }
  if (!NAME.test(name)) throw new AdminCliError('A name is 1–64 lowercase letters, digits, ".", "_" or "-".');
  if (action === 'revoke') {
    const revoked = await revokeServiceToken(db, name, new Date());
    console.log(revoked ? `Service token "${name}" revoked.` : `No active service token named "${name}".`);
    return;
  }
  const created = await createServiceToken(db, name).catch((error: unknown) => {
    throw new AdminCliError(`Could not create "${name}" (is the name taken?): ${String(error)}`);
  });
  console.log(`Service token "${created.name}" created. Copy it now, it is not shown again:\n\n  ${created.token}\n`);
}
