import { readdirSync, readFileSync } from 'node:fs';

/**
 * The fields of a /proc stat file after the command name (which may hold spaces and parentheses):
 * state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14), times in clock ticks.
 */
function statFields(path: string): string[] {
  const stat = readFileSync(path, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** User + system CPU seconds of `root`'s descendants (not `root` itself), reaped children included. */
export function descendantsCpuSeconds(root: number): number {
  const children = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = statFields(`/proc/${entry}/stat`);
      const pid = Number(entry);
      const parent = Number(fields[1]);
      children.set(parent, [...(children.get(parent) ?? []), pid]);
      ticks.set(pid, Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]));
    } catch {
      // The process ended while we read.
    }
  }
  let total = 0;
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      total += ticks.get(child) ?? 0;
      walk(child);
    }
  };
  walk(root);
  return total / 100; // clock ticks (USER_HZ is 100 on Linux)
}

/** User + system CPU seconds of a process's main thread and of the whole process (all its threads). */
export function processCpuSeconds(pid: number): { main: number; all: number } {
  const seconds = (path: string) => {
    const fields = statFields(path);
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  return { main: seconds(`/proc/${pid}/task/${pid}/stat`), all: seconds(`/proc/${pid}/stat`) };
}

/** CPU milliseconds per request between two `processCpuSeconds` readings: main thread and whole process. */
export function cpuMsPer(
  before: { main: number; all: number },
  after: { main: number; all: number },
  requests: number,
): { main: number; all: number } {
  return { main: ((after.main - before.main) * 1000) / requests, all: ((after.all - before.all) * 1000) / requests };
}
