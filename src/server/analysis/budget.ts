/**
 * A time budget counted in this thread's CPU time (the analysis runs in a worker thread, and the
 * process's total would count the server's own work too), with a much larger wall-clock cap. On a busy
 * host wall time says little about the work done (a 20 MB pack took 9 s of CPU but 100 s of wall
 * time on a box with load 27): a wall budget would skip files of legitimate packs there.
 */
export class Budget {
  private readonly startCpu = process.threadCpuUsage();
  private readonly cpuMs: number;
  /** Epoch ms after which work stops whatever the CPU count says (a hung or starved process). */
  readonly wallDeadline: number;

  constructor(cpuMs: number, wallFactor = 10) {
    this.cpuMs = cpuMs;
    this.wallDeadline = Date.now() + cpuMs * wallFactor;
  }

  exceeded(): boolean {
    if (Date.now() > this.wallDeadline) return true;
    const used = process.threadCpuUsage(this.startCpu);
    return (used.user + used.system) / 1000 > this.cpuMs;
  }
}
