import { describe, expect, it } from 'vitest';
import type { NodeVersion, VersionStatus } from './api-types.ts';
import { canRequestReview, ruleKeys } from './findings.ts';
import { nodeStatusView } from './node-status.ts';

const v = (version: string, status: VersionStatus, day: number): NodeVersion => ({
  id: version,
  version,
  status,
  createdAt: `2026-01-${String(day).padStart(2, '0')}T00:00:00Z`,
});

describe('nodeStatusView', () => {
  it('says Flagged for review when the only version is flagged (not "no installable version")', () => {
    expect(nodeStatusView('NodeStatusActive', [v('1.0.0', 'NodeVersionStatusFlagged', 1)])).toEqual({
      key: 'flagged',
      tone: 'warn',
      newer: null,
    });
  });

  it('follows the newest version when none is installable', () => {
    const versions = [v('1.0.0', 'NodeVersionStatusFlagged', 1), v('1.1.0', 'NodeVersionStatusPending', 2)];
    expect(nodeStatusView('NodeStatusActive', versions).key).toBe('pending');
    // Only a banned node is "Banned": a node whose newest version is banned says which version.
    expect(nodeStatusView('NodeStatusActive', [v('1.0.0', 'NodeVersionStatusBanned', 1)])).toMatchObject({
      key: 'versionBanned',
      version: '1.0.0',
    });
    expect(nodeStatusView('NodeStatusActive', []).key).toBe('none');
  });

  it('is Active when a version installs, naming a newer held version', () => {
    const versions = [v('1.0.0', 'NodeVersionStatusActive', 1), v('1.1.0', 'NodeVersionStatusFlagged', 2)];
    expect(nodeStatusView('NodeStatusActive', versions)).toEqual({
      key: 'active',
      tone: 'ok',
      newer: { key: 'newerFlagged', version: '1.1.0' },
    });
    expect(nodeStatusView('NodeStatusActive', [v('1.0.0', 'NodeVersionStatusActive', 1)]).newer).toBeNull();
  });

  it('is Banned for a banned node whatever its versions', () => {
    expect(nodeStatusView('NodeStatusBanned', [v('1.0.0', 'NodeVersionStatusActive', 1)]).key).toBe('banned');
  });
});

describe('findings helpers', () => {
  it('finds rule messages only for well-formed ids the messages have', () => {
    const has = (key: string) => key.startsWith('findings.rules.PY002.');
    expect(ruleKeys('PY002', has)).toEqual({
      title: 'findings.rules.PY002.title',
      explanation: 'findings.rules.PY002.explanation',
    });
    expect(ruleKeys('PY999', has)).toBeNull();
    expect(ruleKeys('../x', () => true)).toBeNull();
  });

  it('offers a review request for held versions without an open one', () => {
    expect(canRequestReview({ status: 'NodeVersionStatusFlagged', review_request: null })).toBe(true);
    expect(
      canRequestReview({
        status: 'NodeVersionStatusFlagged',
        review_request: { message: 'm', created_at: '', open: true },
      }),
    ).toBe(false);
    expect(canRequestReview({ status: 'NodeVersionStatusActive', review_request: null })).toBe(false);
  });
});
