import { describe, expect, it } from 'vitest';
import { MAX_JSON_BYTES, MAX_PNG_TEXT_CHUNKS, MAX_TOTAL_TEXT_BYTES, MAX_WEBP_METADATA_CHUNKS } from './limits.ts';
import type { PngTextStats } from './png-text.ts';
import { metadataScanBudget, readPngWorkflow, readWebpWorkflow } from './read-workflow.ts';
import { pngWithInflatingChunks, webpWithExif, webpWithXmp } from './test-images.ts';
import { WorkflowInputError } from './workflow-input-error.ts';

const MIB = 1024 * 1024;
const prompt = JSON.stringify({ '1': { class_type: 'KSampler', inputs: {} } });
const workflow = JSON.stringify({ nodes: [{ id: 1, type: 'ImpactWildcard' }] });

/** The WorkflowInputError `read` throws, as status and code. */
function refusal(read: () => unknown) {
  try {
    read();
  } catch (error) {
    if (error instanceof WorkflowInputError) return { status: error.status, code: error.code };
    throw error;
  }
  throw new Error('expected a refusal');
}

const newStats = (): PngTextStats => ({ textChunks: 0, textBytes: 0 });

describe('readPngWorkflow: text chunks are bounded in number and in total inflated size', () => {
  it('refuses 200 zTXt chunks that each inflate to 2 MiB after the chunk cap, having inflated one', () => {
    const stats = newStats();
    const bomb = pngWithInflatingChunks({ count: 200, inflatedBytes: 2 * MIB });
    expect(refusal(() => readPngWorkflow(bomb, stats))).toEqual({ status: 400, code: 'invalid_image' });
    expect(stats.textChunks).toBe(MAX_PNG_TEXT_CHUNKS + 1);
    // Only the first "workflow" chunk is ever decoded; the same keyword again is skipped unread.
    expect(stats.textBytes).toBe(2 * MIB);
  });

  it('never inflates chunks under other keywords (each its own, the retained-in-memory variant)', () => {
    for (const kind of ['zTXt', 'iTXt'] as const) {
      const stats = newStats();
      const bomb = pngWithInflatingChunks({ count: 200, inflatedBytes: 2 * MIB, kind, keyword: (i) => `note${i}` });
      expect(refusal(() => readPngWorkflow(bomb, stats))).toEqual({ status: 400, code: 'invalid_image' });
      expect(stats).toEqual({ textChunks: MAX_PNG_TEXT_CHUNKS + 1, textBytes: 0 });
    }
  });

  it('stops at the first chunk that holds a workflow: the bombs after it are never reached', () => {
    const stats = newStats();
    const png = pngWithInflatingChunks({
      count: 3000,
      inflatedBytes: 2 * MIB,
      texts: [{ kind: 'zTXt', keyword: 'workflow', text: workflow }],
    });
    expect([...readPngWorkflow(png, stats).classes.keys()]).toEqual(['ImpactWildcard']);
    expect(stats).toEqual({ textChunks: 1, textBytes: workflow.length });
  });

  it('keeps an earlier prompt and falls back to it when the workflow chunk is no workflow', () => {
    const stats = newStats();
    const png = pngWithInflatingChunks({
      count: 1,
      inflatedBytes: 2 * MIB,
      texts: [{ kind: 'tEXt', keyword: 'prompt', text: prompt }],
    });
    expect([...readPngWorkflow(png, stats).classes.keys()]).toEqual(['KSampler']);
    expect(stats).toEqual({ textChunks: 2, textBytes: prompt.length + 2 * MIB });
  });

  it('decodes at most one full-size workflow and one full-size prompt in total', () => {
    const stats = newStats();
    const png = pngWithInflatingChunks({
      count: 1,
      inflatedBytes: MAX_JSON_BYTES,
      keyword: 'prompt',
      texts: [{ kind: 'iTXt', keyword: 'workflow', text: ' '.repeat(MAX_JSON_BYTES), compressed: true }],
    });
    expect(refusal(() => readPngWorkflow(png, stats))).toEqual({ status: 400, code: 'invalid_json' });
    expect(stats.textBytes).toBe(2 * MAX_JSON_BYTES);
    expect(stats.textBytes).toBeLessThanOrEqual(MAX_TOTAL_TEXT_BYTES);
  });
});

describe('readWebpWorkflow: the metadata search is one bounded pass', () => {
  const unit = 'workflow:{';
  const hostile = unit.repeat((320 * 1024) / unit.length);

  it('answers "no workflow" for EXIF text of "workflow:{" repeated (320 KiB), in linear steps', () => {
    const budget = metadataScanBudget();
    expect(refusal(() => readWebpWorkflow(webpWithExif([hostile]), budget))).toEqual({
      status: 400,
      code: 'no_workflow_in_image',
    });
    // Two labels, each at most three steps a character (the old search: ~n²/20 for this text).
    expect(budget.used).toBeLessThanOrEqual(6 * hostile.length + 1024);
  });

  it('still finds the workflow in the EXIF value after the hostile one', () => {
    const budget = metadataScanBudget();
    const webp = webpWithExif([hostile, `workflow:${workflow}`]);
    expect([...readWebpWorkflow(webp, budget).classes.keys()]).toEqual(['ImpactWildcard']);
    expect(budget.used).toBeLessThanOrEqual(3 * hostile.length + 1024);
  });

  it('refuses with 413 once the work budget is spent', () => {
    const budget = metadataScanBudget(hostile.length);
    expect(refusal(() => readWebpWorkflow(webpWithExif([hostile, hostile]), budget))).toEqual({
      status: 413,
      code: 'workflow_too_large',
    });
  });

  it('refuses more metadata chunks than a real file has', () => {
    const many = webpWithXmp(`prompt:${prompt}`, MAX_WEBP_METADATA_CHUNKS + 1);
    expect(refusal(() => readWebpWorkflow(many))).toEqual({ status: 400, code: 'invalid_image' });
    expect([...readWebpWorkflow(webpWithXmp(`prompt:${prompt}`, 2)).classes.keys()]).toEqual(['KSampler']);
  });
});
