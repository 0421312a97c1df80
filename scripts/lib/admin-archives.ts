import { ARCHIVE_RULES_VERSION } from '../../src/server/analysis/pack/zip-rule.ts';
import type { AppDeps } from '../../src/server/app-deps.ts';
import { queueArchiveRecheck } from '../../src/server/services/archives/queue-archive-recheck.ts';
import { recheckActiveArchives } from '../../src/server/services/archives/recheck-archives.ts';
import { AdminCliError } from './admin-users.ts';

// `npm run admin -- recheck-archives [--queue]`: checks every Active version's stored archive
// against the current archive rules now (or queues the job for a running server's worker), and
// flags the ones that fail for review. Idempotent: a second run flags nothing more.

export const ARCHIVES_USAGE = `  recheck-archives              check every Active version's stored archive against the archive rules now;
                                flag the ones that fail for admin review (prints what it flagged)
  recheck-archives --queue      queue that check for the running server's worker instead`;

export async function runArchivesCommand(services: AppDeps, args: string[]): Promise<void> {
  if (args.length === 1 && args[0] === '--queue') {
    const jobId = await queueArchiveRecheck(services.db, 'admin-cli');
    console.log(`Archive re-check (archive rules ${ARCHIVE_RULES_VERSION}) queued as job ${jobId}.`);
    return;
  }
  if (args.length > 0) throw new AdminCliError(`Usage:\n${ARCHIVES_USAGE}`);
  const summary = await recheckActiveArchives(services);
  for (const flagged of summary.flagged) {
    console.log(`Flagged ${flagged.nodeId} ${flagged.version} (${flagged.rule}): ${flagged.message}`);
  }
  for (const versionId of summary.missing) console.log(`Missing from storage: version ${versionId} (not flagged).`);
  console.log(
    `Checked ${summary.checked} Active versions against archive rules ${ARCHIVE_RULES_VERSION}: ` +
      `${summary.flagged.length} flagged, ${summary.missing.length} missing from storage.`,
  );
}
