import { describe, expect, it } from 'vitest';
import { draftFromOsv, rangesOfEvents, requestOfDraft } from './advisory-draft.ts';

describe('advisory drafts', () => {
  it('reads OSV events as ranges', () => {
    expect(
      rangesOfEvents([{ introduced: '0' }, { fixed: '2.0.0' }, { introduced: '3.0' }, { last_affected: '3.1' }]),
    ).toEqual([
      { introduced: '0', fixed: '2.0.0' },
      { introduced: '3.0', last_affected: '3.1' },
    ]);
  });

  it('round-trips an OSV document to the request, keeping the ranges the form does not show', () => {
    const draft = draftFromOsv({
      schema_version: '1.6.0',
      id: 'NYSA-2026-0001',
      modified: '2026-11-01T00:00:00Z',
      published: '2026-11-01T00:00:00Z',
      aliases: ['CVE-2026-1', 'GHSA-aaaa-bbbb-cccc'],
      summary: 'Bad',
      details: 'Very bad',
      references: [{ type: 'REPORT', url: 'https://example.org/r' }],
      affected: [
        {
          package: { ecosystem: 'PyPI', name: 'litellm' },
          ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '1.2' }, { introduced: '2.0' }] }],
          versions: ['1.0', '1.1'],
        },
        {
          package: { ecosystem: 'Nodeyard', name: 'pack' },
          ranges: [{ type: 'SEMVER', events: [{ introduced: '1.0.0' }, { last_affected: '1.4.0' }] }],
        },
      ],
      database_specific: { severity: 'HIGH', kind: 'vulnerability', url: 'https://x/advisories/NYSA-2026-0001' },
    });
    expect(draft.affected[0]).toMatchObject({ introduced: '0', fixed: '1.2', versions: '1.0, 1.1' });
    expect(requestOfDraft(draft)).toEqual({
      summary: 'Bad',
      details: 'Very bad',
      severity: 'HIGH',
      kind: 'vulnerability',
      aliases: ['CVE-2026-1', 'GHSA-aaaa-bbbb-cccc'],
      references: [{ type: 'REPORT', url: 'https://example.org/r' }],
      affected: [
        {
          ecosystem: 'PyPI',
          package: 'litellm',
          ranges: [{ introduced: '0', fixed: '1.2' }, { introduced: '2.0' }],
          versions: ['1.0', '1.1'],
        },
        {
          ecosystem: 'Nodeyard',
          package: 'pack',
          ranges: [{ introduced: '1.0.0', last_affected: '1.4.0' }],
          versions: [],
        },
      ],
    });
  });
});
