// A tiny closed-loop load generator: a fixed number of requests, `concurrency` in flight at a time.

export interface LoadResult {
  name: string;
  requests: number;
  errors: number;
  seconds: number;
  latenciesMs: number[];
}

export async function runLoad(
  name: string,
  options: { requests: number; concurrency: number; nextUrl: (i: number) => string },
): Promise<LoadResult> {
  const latenciesMs: number[] = [];
  let errors = 0;
  let issued = 0;
  const started = performance.now();
  const worker = async () => {
    while (issued < options.requests) {
      const url = options.nextUrl(issued++);
      const t0 = performance.now();
      try {
        const response = await fetch(url);
        await response.arrayBuffer();
        if (response.status !== 200) errors++;
      } catch {
        errors++;
      }
      latenciesMs.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return { name, requests: options.requests, errors, seconds: (performance.now() - started) / 1000, latenciesMs };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export function formatTable(results: LoadResult[]): string {
  const header = ['endpoint', 'requests', 'errors', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms'];
  const rows = results.map((r) => {
    const sorted = [...r.latenciesMs].sort((a, b) => a - b);
    return [
      r.name,
      String(r.requests),
      String(r.errors),
      (r.requests / r.seconds).toFixed(0),
      percentile(sorted, 50).toFixed(1),
      percentile(sorted, 95).toFixed(1),
      percentile(sorted, 99).toFixed(1),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
