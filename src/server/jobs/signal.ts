// Wakes this process's job worker right after an enqueue, instead of at its next poll. Other
// instances still find the job by polling; a wake-up with nothing due costs one query.

type Listener = () => void;
const listeners = new Set<Listener>();

export function onJobsEnqueued(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyJobsEnqueued() {
  for (const listener of listeners) listener();
}
