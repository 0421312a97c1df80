// npm run index -- sync <url> <dir> [--key <base64>]... [--archives]
// The reference client of the signed index (docs/index-protocol.md): keeps a verified copy of a
// registry's catalogue in <dir>, a snapshot the first time and only the changes after that.
import { syncDirectory } from './lib/index-directory.ts';

const USAGE = `Usage: npm run index -- sync <registry API URL> <directory> [--key <public key>]... [--archives]

  --key        pin an Ed25519 public key (raw base64, as /index/v1/keys lists it); repeat during a rotation.
               Without --key, the keys pinned by an earlier sync are used, else the registry's own (trust on first use).
  --archives   also download every installable version's zip into <directory>/archives, each checked against its sha256.`;

async function main(args: string[]): Promise<number> {
  const [command, upstream, dir, ...rest] = args;
  if (command !== 'sync' || !upstream || !dir) {
    console.error(USAGE);
    return 2;
  }
  const keys: string[] = [];
  let archives = false;
  for (let i = 0; i < rest.length; i += 1) {
    if (rest[i] === '--archives') archives = true;
    else if (rest[i] === '--key' && rest[i + 1]) keys.push(rest[(i += 1)]!);
    else {
      console.error(`Unknown option ${rest[i]}.\n\n${USAGE}`);
      return 2;
    }
  }
  const started = performance.now();
  const result = await syncDirectory({ upstream, dir, keys, archives });
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  if (result.trustedOnFirstUse) {
    console.warn('Pinned the keys the registry announced (first use): check them out of band, or pass --key.');
  }
  console.log(
    `${dir}: ${result.packs} packs, ${result.versions} versions at cursor ${result.cursor} ` +
      `(${result.snapshots} snapshot, ${result.deltas} change pages, ${result.bytes} bytes verified` +
      `${archives ? `, ${result.archivesFetched} archives fetched` : ''}) in ${seconds} s.`,
  );
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
