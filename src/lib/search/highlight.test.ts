import { describe, expect, it } from 'vitest';
import { snippet, splitHighlights } from './highlight.ts';

const marked = (text: string, terms: string[]) =>
  splitHighlights(text, terms)
    .map((p) => (p.match ? `[${p.text}]` : p.text))
    .join('');

describe('splitHighlights', () => {
  it('marks whole words and word starts, case-insensitively, keeping the original case', () => {
    expect(marked('Tiled upscaling with Upscale nodes', ['upscale'])).toBe('Tiled upscaling with [Upscale] nodes');
    expect(marked('Tiled upscaling', ['upscal'])).toBe('Tiled [upscal]ing');
  });

  it('marks camelCase parts but not the middle of a word', () => {
    expect(marked('DemoTiledUpscale', ['upscale', 'tiled'])).toBe('Demo[Tiled][Upscale]');
    expect(marked('start the art', ['art'])).toBe('start the [art]');
  });

  it('prefers the longest term and ignores one-letter terms', () => {
    expect(marked('masks and mask', ['mask', 'masks', 'a'])).toBe('[masks] and [mask]');
  });

  it('treats regular-expression characters literally and keeps the text complete', () => {
    const pieces = splitHighlights('a (c++) b <script>', ['c++', '<script>']);
    expect(pieces.map((p) => p.text).join('')).toBe('a (c++) b <script>');
    expect(pieces.filter((p) => p.match).map((p) => p.text)).toEqual(['c++', '<script>']);
  });

  it('returns the text unmarked without terms, and nothing for empty text', () => {
    expect(splitHighlights('plain', [])).toEqual([{ text: 'plain', match: false }]);
    expect(splitHighlights('', ['x'])).toEqual([]);
  });

  it('works on non-Latin text', () => {
    expect(marked('Модель для видео', ['видео'])).toBe('Модель для [видео]');
  });
});

describe('snippet', () => {
  const long = `${'Intro words here. '.repeat(20)}The upscale part is here. ${'Tail text. '.repeat(10)}`;

  it('keeps short text as is (whitespace collapsed)', () => {
    expect(snippet('  a   b ', [])).toBe('a b');
  });

  it('cuts long text at a space and marks the cut', () => {
    const result = snippet(long, [], 60);
    expect(result.length).toBeLessThanOrEqual(61);
    expect(result.endsWith('…')).toBe(true);
    expect(result.startsWith('Intro')).toBe(true);
  });

  it('moves the window to the first match when it would be cut off', () => {
    const result = snippet(long, ['upscale'], 80);
    expect(result).toContain('upscale');
    expect(result.startsWith('…')).toBe(true);
  });
});
