/**
 * Scan benchmark: `npm run bench:scan` (or `npx node bench/scan-bench.ts [megabytes]`).
 *
 * Builds a synthetic ~20 MB node pack in memory — a root __init__.py merging the mappings of many
 * node modules, each a few hundred lines of typical ComfyUI code (classes with INPUT_TYPES, tensor
 * helpers, docstrings, dict tables), plus vendored library-style modules — then times the whole
 * moderation analysis as the job runs it: zip re-validation, security scan, node-class extraction.
 * Generated code only (deterministic, seed-free): no real pack is copied.
 */
import { createHash } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { analyzeArchive } from '../src/server/analysis/analyze-archive.ts';
import { analyzeInThread, endIdleAnalysisThreads } from '../src/server/analysis/thread/analyze-in-thread.ts';
import type { ArchiveRow } from '../src/server/db/rows.ts';

const targetMb = Number(process.argv[2] ?? 20);

function nodeModule(index: number): string {
  const lines: string[] = [
    `"""Image utilities, part ${index}: resize, blend and mask helpers for the demo pack."""`,
    'import math',
    'import torch',
    'import numpy as np',
    'import folder_paths',
    'from .common import BaseNode, MAX_RESOLUTION',
    '',
  ];
  for (let n = 0; n < 6; n += 1) {
    const name = `Demo${index}Node${n}`;
    lines.push(
      `class ${name}(BaseNode):`,
      `    """Node ${n} of module ${index}: applies a blend with an adjustable strength."""`,
      `    CATEGORY = "demo/group${index % 17}"`,
      '    FUNCTION = "apply"',
      '    RETURN_TYPES = ("IMAGE", "MASK")',
      '    RETURN_NAMES = ("image", "mask")',
      '',
      '    @classmethod',
      '    def INPUT_TYPES(cls):',
      '        return {',
      '            "required": {',
      '                "image": ("IMAGE",),',
      `                "strength": ("FLOAT", {"default": ${(n + 1) / 10}, "min": 0.0, "max": 1.0, "step": 0.01}),`,
      '                "width": ("INT", {"default": 512, "min": 64, "max": MAX_RESOLUTION, "step": 8}),',
      '                "mode": (["normal", "multiply", "screen", "overlay"],),',
      '            },',
      '            "optional": {"mask": ("MASK",), "model": (folder_paths.get_filename_list("checkpoints"),)},',
      '        }',
      '',
      '    def apply(self, image, strength, width, mode, mask=None, model=None):',
      '        batch, height, w, channels = image.shape',
      '        scale = width / max(w, 1)',
      '        resized = torch.nn.functional.interpolate(image.movedim(-1, 1), scale_factor=scale, mode="bilinear")',
      '        out = resized.movedim(1, -1)',
      '        if mask is None:',
      '            mask = torch.ones((batch, out.shape[1], out.shape[2]), dtype=out.dtype)',
      '        if mode == "multiply":',
      '            out = out * (1 - strength) + out * out * strength',
      '        elif mode == "screen":',
      '            out = 1 - (1 - out) * (1 - out * strength)',
      '        else:',
      '            out = torch.clamp(out + (out - 0.5) * strength, 0.0, 1.0)',
      '        stats = {"mean": float(out.mean()), "std": float(out.std()), "gamma": math.sqrt(strength + 1e-6)}',
      '        return (out, mask)',
      '',
    );
  }
  // A lookup table and a helper, as utility modules often carry.
  lines.push(`PALETTE_${index} = [`);
  for (let i = 0; i < 40; i += 1)
    lines.push(`    (${(i * 37) % 256}, ${(i * 91) % 256}, ${(i * 53) % 256}, "colour_${i}"),`);
  lines.push(']', '');
  lines.push(
    `NODE_CLASS_MAPPINGS = {${Array.from({ length: 6 }, (_, n) => `"Demo${index}Node${n}": Demo${index}Node${n}`).join(', ')}}`,
    `NODE_DISPLAY_NAME_MAPPINGS = {k: k.replace("Node", " node ") for k in NODE_CLASS_MAPPINGS}`,
    '',
  );
  return lines.join('\n');
}

function vendoredModule(index: number): string {
  const lines = [
    `"""Vendored layers ${index} (library-style code, never imported by the root)."""`,
    'import torch',
    'from torch import nn',
    '',
  ];
  for (let n = 0; n < 25; n += 1) {
    lines.push(
      `class Block${index}_${n}(nn.Module):`,
      '    def __init__(self, dim, heads=8, dropout=0.0):',
      '        super().__init__()',
      '        self.norm = nn.LayerNorm(dim)',
      '        self.attn = nn.MultiheadAttention(dim, heads, dropout=dropout, batch_first=True)',
      '        self.mlp = nn.Sequential(nn.Linear(dim, dim * 4), nn.GELU(), nn.Linear(dim * 4, dim))',
      '',
      '    def forward(self, x, context=None):',
      '        h = self.norm(x)',
      '        h, _ = self.attn(h, context if context is not None else h, context if context is not None else h)',
      '        x = x + h',
      `        return x + self.mlp(self.norm(x)) * ${n + 1} / 25`,
      '',
    );
  }
  return lines.join('\n');
}

function buildPack(megabytes: number): { zip: Uint8Array; files: number; rawBytes: number } {
  const entries: Record<string, Uint8Array> = {};
  let raw = 0;
  const add = (path: string, text: string) => {
    entries[path] = strToU8(text);
    raw += entries[path].length;
  };
  add('common.py', 'MAX_RESOLUTION = 16384\nclass BaseNode:\n    OUTPUT_NODE = False\n');
  let modules = 0;
  while (raw < megabytes * 1024 * 1024 * 0.5)
    add(`nodes/n${modules}.py`, nodeModule(modules++).replace('from .common', 'from ..common'));
  add('nodes/__init__.py', '');
  let vendored = 0;
  while (raw < megabytes * 1024 * 1024) add(`vendor/lib/layers${vendored}.py`, vendoredModule(vendored++));
  const imports = Array.from(
    { length: modules },
    (_, i) => `from .nodes.n${i} import NODE_CLASS_MAPPINGS as M${i}, NODE_DISPLAY_NAME_MAPPINGS as D${i}`,
  );
  add(
    '__init__.py',
    [
      ...imports,
      'NODE_CLASS_MAPPINGS = {}',
      'NODE_DISPLAY_NAME_MAPPINGS = {}',
      ...Array.from(
        { length: modules },
        (_, i) => `NODE_CLASS_MAPPINGS.update(M${i})\nNODE_DISPLAY_NAME_MAPPINGS.update(D${i})`,
      ),
    ].join('\n'),
  );
  add('pyproject.toml', '[project]\nname = "scan-bench-pack"\nversion = "1.0.0"\n');
  const zip = zipSync(Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, [v, { level: 6 }]])));
  return { zip, files: Object.keys(entries).length, rawBytes: raw };
}

const built = buildPack(targetMb);
const archive = { sha256: createHash('sha256').update(built.zip).digest('hex') } as ArchiveRow;
const mb = built.rawBytes / 1024 / 1024;
console.log(
  `Pack: ${built.files} files, ${mb.toFixed(1)} MB of Python (${(built.zip.length / 1024 / 1024).toFixed(1)} MB zipped)`,
);

const megabytesOf = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
// The event loop's worst stall while an analysis runs: what every other request would wait.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });

// 1. As the server runs it: in a worker thread (src/server/analysis/thread/). Its event loop keeps
//    serving meanwhile, and the thread's memory goes back when the thread ends.
const rssAtStart = process.memoryUsage().rss;
let rssPeak = rssAtStart;
const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
loopDelay.enable();
const threadStarted = performance.now();
const threaded = await analyzeInThread({
  bytes: built.zip,
  sha256: archive.sha256,
  maxArchiveBytes: 200 * 1024 * 1024,
});
const threadSeconds = (performance.now() - threadStarted) / 1000;
loopDelay.disable();
const threadStallMs = loopDelay.max / 1e6;
await endIdleAnalysisThreads();
await new Promise((resolve) => setTimeout(resolve, 500));
clearInterval(sampler);
console.log(
  `Worker thread: ${threadSeconds.toFixed(2)} s, ${threaded.extraction.nodes.length} node classes, ${threaded.scan.findings.length} findings; ` +
    `RSS ${megabytesOf(rssAtStart)} before, peak ${megabytesOf(rssPeak)}, ${megabytesOf(process.memoryUsage().rss)} after the thread ended`,
);

// 2. The same analysis on this thread, for the stage timings and CPU time.
// Warm-up (loads the wasm parser) on a tiny pack, then the measured run.
await analyzeArchive(buildPack(0.05).zip, {} as ArchiveRow, 200 * 1024 * 1024);
loopDelay.reset();
loopDelay.enable();
const started = performance.now();
const cpuBefore = process.cpuUsage();
const { scan, extraction } = await analyzeArchive(built.zip, archive, 200 * 1024 * 1024);
const total = (performance.now() - started) / 1000;
loopDelay.disable();
const cpu = process.cpuUsage(cpuBefore);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;

console.log(
  `Scan:       ${(scan.durationMs / 1000).toFixed(2)} s for ${scan.filesScanned} files (${(mb / (scan.durationMs / 1000)).toFixed(1)} MB/s), ${scan.findings.length} findings, ${scan.skipped} skipped`,
);
console.log(
  `Extraction: ${(extraction.durationMs / 1000).toFixed(2)} s, ${extraction.nodes.length} node classes (${extraction.status}, ${extraction.note})`,
);
console.log(
  `Total (re-validate + scan + extract): ${total.toFixed(2)} s, ${(mb / total).toFixed(1)} MB/s; RSS ${megabytesOf(process.memoryUsage().rss)}`,
);
// On a shared, loaded machine wall time overstates the cost; CPU time is what a quiet core would need.
console.log(
  `CPU time: ${cpuSeconds.toFixed(2)} s (${(mb / cpuSeconds).toFixed(1)} MB/s per core); load average ${(await import('node:os')).loadavg()[0]!.toFixed(1)}`,
);

console.log(
  `Event loop: worst stall ${threadStallMs.toFixed(0)} ms with the worker thread, ${(loopDelay.max / 1e6).toFixed(0)} ms in-process`,
);
