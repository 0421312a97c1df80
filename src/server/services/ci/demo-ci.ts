import type { Db } from '../../db/client.ts';
import { recordWorkflowRun, type WorkflowRunUpload } from './record-run.ts';
import { DEFAULT_CI_REPO } from './repo-name.ts';

// A little fake CI history for an empty embedded registry (called from the demo seed), so the
// /{lang}/ci page has something to show: 8 commits on two branches, three OS/GPU targets.

const TARGETS = [
  { os: 'linux', gpu: 'NVIDIA RTX 4090', cuda: '12.4' },
  { os: 'windows', gpu: 'NVIDIA RTX 4090', cuda: '12.4' },
  { os: 'macos', gpu: 'Apple M2', cuda: '' },
];
const MESSAGES = [
  'Support the new sampler schedule (demo)',
  'Faster model loading (demo)',
  'Fix a VRAM leak in the VAE (demo)',
  'Update the example workflows (demo)',
];

export async function seedDemoCi(db: Db, now: Date): Promise<number> {
  let uploaded = 0;
  for (let index = 0; index < 8; index += 1) {
    const commitTime = new Date(now.getTime() - (index + 1) * 6 * 3600 * 1000);
    const hash = (0xdead0000 + index).toString(16).padEnd(40, '0');
    for (const [targetIndex, target] of TARGETS.entries()) {
      // Deterministic variety: a failing Windows run now and then, the newest macOS run still going.
      const status =
        index === 0 && target.os === 'macos'
          ? 'WorkflowRunStatusStarted'
          : (index + targetIndex) % 5 === 3
            ? 'WorkflowRunStatusFailed'
            : 'WorkflowRunStatusCompleted';
      const upload: WorkflowRunUpload = {
        repo: DEFAULT_CI_REPO,
        job_id: `demo-job-${index}-${targetIndex}`,
        run_id: `demo-run-${index}`,
        os: target.os,
        cuda_version: target.cuda,
        commit_hash: hash,
        commit_time: commitTime,
        commit_message: MESSAGES[index % MESSAGES.length]!,
        workflow_name: 'default.json',
        branch_name: index % 3 === 2 ? 'release-candidate' : 'master',
        start_time: Math.floor(commitTime.getTime() / 1000) + 600,
        end_time: Math.floor(commitTime.getTime() / 1000) + 900,
        pr_number: '',
        author: 'nodeyard-demo',
        job_trigger_user: 'nodeyard-demo',
        python_version: '3.12',
        machine_stats: { gpu_type: target.gpu },
        status,
      };
      await recordWorkflowRun(db, upload, { userId: null, kind: 'system', service: 'demo-seed' }, now);
      uploaded += 1;
    }
  }
  return uploaded;
}
