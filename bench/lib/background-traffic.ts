// bench:mixed's other clients, on a worker thread of their own: workflows posted to the resolver, pack
// installs and a publisher's edits, each at a steady rate while a phase runs. On the measuring thread
// they would share autocannon's event loop and slow the load generator instead of the server.
import { parentPort, workerData } from 'node:worker_threads';

export interface BackgroundSetup {
  apiUrl: string;
  publisherId: string;
  packId: string;
  auth: Record<string, string>;
}

/** What the worker answers to `stop`: answers by status and failed requests, per kind of client. */
export type BackgroundReport = Record<string, { statuses: Record<number, number>; failures: number }>;

const { apiUrl, publisherId, packId, auth } = workerData as BackgroundSetup;
const workflow = JSON.stringify({
  nodes: [
    { id: 1, type: 'KSampler' },
    { id: 2, type: 'CheckpointLoaderSimple' },
    { id: 3, type: 'SomeCustomUpscaler' },
  ],
});
let edits = 0;

/** Fires `run` `perSecond` times a second until stopped; counts answers by status. */
function every(perSecond: number, run: () => Promise<Response>) {
  const statuses: Record<number, number> = {};
  let failures = 0;
  const timer = setInterval(() => {
    run()
      .then(async (response) => {
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      })
      .catch(() => failures++);
  }, 1000 / perSecond);
  return () => {
    clearInterval(timer);
    return { statuses, failures };
  };
}

let stoppers: Record<string, () => BackgroundReport[string]> = {};

parentPort!.on('message', (message: 'start' | 'stop') => {
  if (message === 'start') {
    stoppers = {
      resolve: every(3, () =>
        fetch(`${apiUrl}/workflows/resolve`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: workflow,
        }),
      ),
      install: every(20, () => fetch(`${apiUrl}/nodes/${packId}/install`)),
      edit: every(0.2, () =>
        fetch(`${apiUrl}/publishers/${publisherId}/nodes/${packId}`, {
          method: 'PUT',
          headers: auth,
          body: JSON.stringify({ name: `Edited ${++edits}` }),
        }),
      ),
    };
    parentPort!.postMessage('started');
    return;
  }
  const report: BackgroundReport = {};
  for (const [kind, stop] of Object.entries(stoppers)) report[kind] = stop();
  parentPort!.postMessage(report);
});
