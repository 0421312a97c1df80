import { describe, expect, it } from 'vitest';
import { NEW_PACK_WINDOW_MS, quarantineRule } from './quarantine-rules.ts';

// The two rules on their own (the database side is covered by routes/quarantine/quarantine-flow.test.ts).

const now = new Date('2026-06-01T12:00:00Z');
const publishedAgo = (ms: number) => new Date(now.getTime() - ms);
const trusted = { userId: 't', trusted: true };
const plain = { userId: 'p', trusted: false };

describe('quarantineRule', () => {
  it('quarantines a pack younger than 24 h on one trusted reporter, not at exactly 24 h', () => {
    expect(quarantineRule({ firstPublishedAt: publishedAgo(NEW_PACK_WINDOW_MS - 1), now, reporters: [trusted] })).toBe(
      'trusted_report_new_pack',
    );
    expect(quarantineRule({ firstPublishedAt: publishedAgo(NEW_PACK_WINDOW_MS), now, reporters: [trusted] })).toBe(
      null,
    );
  });

  it('needs two distinct reporters, one of them trusted, on an older pack', () => {
    const old = publishedAgo(3 * NEW_PACK_WINDOW_MS);
    expect(quarantineRule({ firstPublishedAt: old, now, reporters: [trusted, plain] })).toBe(
      'two_reporters_one_trusted',
    );
    expect(quarantineRule({ firstPublishedAt: old, now, reporters: [trusted, trusted] })).toBe(null);
    expect(quarantineRule({ firstPublishedAt: old, now, reporters: [plain, { userId: 'q', trusted: false }] })).toBe(
      null,
    );
  });

  it('never quarantines on untrusted reporters, even on a new pack', () => {
    expect(quarantineRule({ firstPublishedAt: publishedAgo(1000), now, reporters: [plain] })).toBe(null);
    expect(quarantineRule({ firstPublishedAt: publishedAgo(1000), now, reporters: [] })).toBe(null);
  });
});
