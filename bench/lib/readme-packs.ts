// Gives packs of a bench catalogue a real, accepted archive with a README (the corpus has none), so
// their node pages take the README path a published pack takes. Writes straight to the database and
// the instance's storage directory, before the instance starts.
import { desc, eq, isNull, and } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import { nodes } from '../../src/server/db/schema/index.ts';
import { systemClock } from '../../src/server/clock.ts';
import { createFsStorage, storageRoot } from '../../src/server/storage/fs.ts';
import { insertUploadedVersion } from '#test/publish.ts';
import { buildZip, samplePackFiles } from '#test/zip.ts';

/** A README like a real pack's: headings, prose, a table, code, images and links (~6 KB). */
function readmeOf(id: string, description: string): string {
  const section = (n: number) =>
    [
      `## Part ${n}: what ${id} does`,
      '',
      `${description} This section explains option ${n} in some detail, with **bold**, _emphasis_, ` +
        '`inline code` and a [relative link](docs/usage.md) as real READMEs have.',
      '',
      '| Input | Type | Default |',
      '| --- | --- | --- |',
      `| strength_${n} | FLOAT | 0.${n} |`,
      `| mode_${n} | COMBO | normal |`,
      '',
      '```python',
      `class Example${n}:`,
      '    @classmethod',
      '    def INPUT_TYPES(cls):',
      `        return {"required": {"image": ("IMAGE",), "strength": ("FLOAT", {"default": 0.${n}})}}`,
      '```',
      '',
      `![Screenshot ${n}](docs/screenshot-${n}.png)`,
      '',
      '- one item',
      '- another item with <b>inline html</b>',
      '',
    ].join('\n');
  return [`# ${id}`, '', description, '', ...Array.from({ length: 8 }, (_, i) => section(i + 1))].join('\n');
}

/** The newest `count` packs (the list's first pages) without a version get one with a README. */
export async function giveReadmes(db: Db, dataDir: string, count: number): Promise<number> {
  const storage = createFsStorage({
    root: storageRoot(dataDir),
    apiPublicUrl: 'http://127.0.0.1',
    secret: 'bench',
    clock: systemClock,
  });
  const packs = await db
    .select({ id: nodes.id, publisherId: nodes.publisherId, description: nodes.description })
    .from(nodes)
    .where(and(eq(nodes.status, 'NodeStatusActive'), isNull(nodes.latestVersionId)))
    .orderBy(desc(nodes.createdAt), desc(nodes.id))
    .limit(count);
  for (const pack of packs) {
    const files = { ...samplePackFiles(pack.id), 'README.md': readmeOf(pack.id, pack.description ?? '') };
    await insertUploadedVersion(
      { db, storage },
      { publisherId: pack.publisherId, nodeId: pack.id, version: '1.0.0', bytes: buildZip(files) },
    );
  }
  return packs.length;
}
