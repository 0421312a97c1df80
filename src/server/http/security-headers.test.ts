import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineStyleHashes } from './security-headers.ts';

const source = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineStyleHashes', () => {
  const page = [
    '<!doctype html><html lang="ar"><head><style>.a{content:"مرحبا ✓"}</style>',
    '<STYLE media="print">p{color:red}</STYLE></head>',
    '<body><p>日本語 ١٢٣ — <style></style></p><style>.b{}</style><style>.b{}</style></body></html>',
  ].join('');

  it("hashes each inline style's UTF-8 text once, found in the sent bytes as in the text", () => {
    const expected = [source('.a{content:"مرحبا ✓"}'), source('p{color:red}'), source('.b{}')];
    expect(inlineStyleHashes(page)).toEqual(expected);
    expect(inlineStyleHashes(new TextEncoder().encode(page))).toEqual(expected);
  });

  it('reads a view into a larger buffer at its own offset', () => {
    const bytes = new TextEncoder().encode(`ééé${page}ééé`);
    const view = bytes.subarray(6, bytes.length - 6);
    expect(inlineStyleHashes(view)).toEqual(inlineStyleHashes(page));
  });

  it('finds none in a page without inline styles', () => {
    expect(inlineStyleHashes(new TextEncoder().encode('<p>style</p><link rel="stylesheet" href="/a.css">'))).toEqual(
      [],
    );
  });
});
