import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Every server test file starts from a fresh in-memory PGlite. Running initdb and the migrations for
// each of them cost most of the suite's time (initdb alone is seconds, tens of seconds on a busy
// machine), so the first file migrates once and saves a dump; the others load that dump. The dump's
// name hashes the migrations, so a new or changed migration makes a new template.

const migrationsDir = new URL('../../src/server/db/migrations/', import.meta.url);

/** A short hash of every migration file: names the templates, so a changed migration makes new ones. */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: URL) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.isDirectory()) walk(new URL(`${entry.name}/`, dir));
      else hash.update(entry.name).update(readFileSync(new URL(entry.name, dir)));
    }
  };
  walk(migrationsDir);
  return hash.digest('hex').slice(0, 16);
}

let cached: Blob | undefined;

/** A dump of an empty, fully migrated PGlite database, made once per set of migrations. */
export async function pgliteTemplate(): Promise<Blob> {
  cached ??= new Blob([readFileSync(await pgliteTemplateFile())]);
  return cached;
}

/**
 * The template's file (made when missing): server processes the tests start load it into their new data
 * directory (NODEYARD_INSTANCE_PGLITE_TEMPLATE, bench/lib/instance-entry.ts).
 */
export async function pgliteTemplateFile(): Promise<string> {
  const file = join(tmpdir(), `nodeyard-pglite-template-${migrationsHash()}.tar`);
  if (!existsSync(file)) {
    // Loaded only to make one: Playwright's config asks for the file in every worker, where it exists.
    const { openDatabase } = await import('../../src/server/db/client.ts');
    const database = await openDatabase({ driver: 'pglite' });
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('none');
    await database.close();
    // Written aside and renamed, so a parallel worker never loads half a file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return file;
}
