import { describe, expect, it } from 'vitest';
import { pickEncoding } from './accept-encoding.ts';

describe('pickEncoding', () => {
  const both = ['br', 'gzip'] as const;

  it('prefers brotli when the header accepts both equally, whatever their order', () => {
    expect(pickEncoding('gzip, deflate, br, zstd', both)).toBe('br');
    expect(pickEncoding('br, gzip', both)).toBe('br');
  });

  it('follows the q-values, and q=0 refuses a coding even when * would take it', () => {
    expect(pickEncoding('br;q=0.5, gzip', both)).toBe('gzip');
    expect(pickEncoding('br;q=0, *', both)).toBe('gzip');
    expect(pickEncoding('*;q=0.1', both)).toBe('br');
    expect(pickEncoding('gzip;q=0, br;q=0', both)).toBeNull();
  });

  it('answers null without a header, with identity only, or when only another coding is on disk', () => {
    expect(pickEncoding(undefined, both)).toBeNull();
    expect(pickEncoding('', both)).toBeNull();
    expect(pickEncoding('identity', both)).toBeNull();
    expect(pickEncoding('br', ['gzip'])).toBeNull();
    expect(pickEncoding('gzip', ['gzip'])).toBe('gzip');
  });

  it('reads case-insensitively and across repeated headers', () => {
    expect(pickEncoding(['GZIP', 'Br;Q=0.9'], both)).toBe('gzip');
  });
});
