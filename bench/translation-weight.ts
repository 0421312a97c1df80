// `npm run bench:translations`: how much node translations weigh in list answers and in the audit
// log. On a throw-away registry of 100 packs it prints the size of one 100-pack page of
// GET /nodes and GET /nodes/search, then
//   1. "flood": 30 translation calls of 50 invented locales each (2,000-character descriptions) on
//      one pack, as a publisher could before translations were bounded: what was accepted, how many
//      locales the pack ended with, the page sizes, and the audit bytes those calls wrote;
//   2. "one edit": a single call changing one locale's name, and the size of its audit entry;
//   3. "full": every pack translated into every accepted locale, as large as the rules allow:
//      the page sizes in the worst case a publisher can now cause.
// Sizes are of the uncompressed JSON bodies.
import { sql } from 'drizzle-orm';
import { insertNode, insertPublisher, insertUser } from '#test/factories.ts';
import { auditLog } from '../src/server/db/schema/index.ts';
import { SearchSync } from '../src/server/services/search-index/search-sync.ts';
import { createServiceToken } from '../src/server/services/service-tokens/service-tokens.ts';
import { startBenchServer } from './lib/bench-server.ts';

const PACKS = 100;
const FLOOD_CALLS = 30;
const FLOOD_LOCALES = 50;
const LONG = 'Ünïcode description text. '.repeat(80).slice(0, 2000);
const NAME = 'N'.repeat(100);

const server = await startBenchServer();
const { db } = server.services;
const searchSync = new SearchSync(db, server.services.search);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function bodyBytes(path: string): Promise<number> {
  const response = await fetch(`${server.baseUrl}${path}`);
  return Buffer.byteLength(await response.text());
}

async function pageSizes(label: string) {
  await searchSync.reload();
  const list = await bodyBytes(`/nodes?limit=${PACKS}`);
  const search = await bodyBytes(`/nodes/search?limit=${PACKS}`);
  console.log(`${label.padEnd(44)} /nodes ${kb(list).padStart(10)}   /nodes/search ${kb(search).padStart(10)}`);
}

async function auditBytes(): Promise<{ rows: number; bytes: number; last: number }> {
  const [row] = await db
    .select({
      rows: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(octet_length(coalesce(${auditLog.before}::text, '')) + octet_length(coalesce(${auditLog.after}::text, ''))), 0)::int`,
      last: sql<number>`coalesce(max(octet_length(coalesce(${auditLog.before}::text, '')) + octet_length(coalesce(${auditLog.after}::text, ''))) filter (where ${auditLog.id} = (select max(id) from audit_log where action = 'node.translations')), 0)::int`,
    })
    .from(auditLog)
    .where(sql`${auditLog.action} = 'node.translations'`);
  return row!;
}

async function translate(nodeId: string, token: string, data: unknown): Promise<number> {
  const response = await fetch(`${server.baseUrl}/nodes/${nodeId}/translations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ data }),
  });
  await response.arrayBuffer();
  return response.status;
}

try {
  const owner = await insertUser(db);
  const publisher = await insertPublisher(db, { owner });
  for (let i = 0; i < PACKS; i++) {
    await insertNode(db, {
      publisherId: publisher.id,
      id: `weight-pack-${String(i).padStart(3, '0')}`,
      description: 'A pack of nodes for image work. '.repeat(4),
    });
  }
  const { token } = await createServiceToken(db, 'bench-translator');
  console.log(`${PACKS} packs on ${server.describeDatabase}`);
  await pageSizes('no translations');

  // 1. The flood: invented locales ("qa-x0001"…), the longest texts the route took.
  const statuses = new Map<number, number>();
  for (let call = 0; call < FLOOD_CALLS; call++) {
    const data: Record<string, { name: string; description: string }> = {};
    for (let i = 0; i < FLOOD_LOCALES; i++) {
      data[`qa-x${String(call * FLOOD_LOCALES + i).padStart(4, '0')}`] = { name: NAME, description: LONG };
    }
    const status = await translate('weight-pack-000', token, data);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  const [stored] = await db
    .execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM nodes, jsonb_object_keys(translations) WHERE id = 'weight-pack-000'`,
    )
    .then((r) => (r as unknown as { rows: Array<{ n: number }> }).rows);
  const flood = await auditBytes();
  console.log(
    `flood: ${FLOOD_CALLS} calls x ${FLOOD_LOCALES} locales -> statuses ${JSON.stringify(Object.fromEntries(statuses))}, ` +
      `${stored?.n ?? 0} locales stored on the pack, audit ${flood.rows} rows, ${kb(flood.bytes)} (last entry ${kb(flood.last)})`,
  );
  await pageSizes('after the flood');

  // 2. One small edit on a pack translated into every language the site speaks.
  const full: Record<string, { name: string; description: string }> = {};
  for (const locale of ['ar', 'en', 'es', 'fr', 'ja', 'ko', 'ru', 'zh']) {
    full[locale] = { name: `Pack (${locale})`, description: LONG.slice(0, 600) };
  }
  await translate('weight-pack-001', token, full);
  const status = await translate('weight-pack-001', token, { fr: { name: 'Paquet d’images' } });
  const after = await auditBytes();
  console.log(`one edit (fr name) of a pack in 8 locales: status ${status}, its audit entry ${after.last} bytes`);

  // 3. Every pack in every accepted locale, as long as accepted.
  for (const locale of Object.keys(full)) full[locale] = { name: NAME, description: LONG };
  const fullStatuses = new Map<number, number>();
  for (let i = 0; i < PACKS; i++) {
    let s = await translate(`weight-pack-${String(i).padStart(3, '0')}`, token, full);
    // Over the per-pack total: keep the longest translation the rules accept, locale by locale.
    if (s === 400) {
      for (const [locale, fields] of Object.entries(full)) {
        s = await translate(`weight-pack-${String(i).padStart(3, '0')}`, token, { [locale]: fields });
        if (s === 400) {
          s = await translate(`weight-pack-${String(i).padStart(3, '0')}`, token, { [locale]: { name: NAME } });
        }
      }
    }
    fullStatuses.set(s, (fullStatuses.get(s) ?? 0) + 1);
  }
  console.log(
    `full: every pack, every accepted locale -> last statuses ${JSON.stringify(Object.fromEntries(fullStatuses))}`,
  );
  await pageSizes('every pack fully translated (worst case)');
} finally {
  await searchSync.stop();
  await server.close();
}
