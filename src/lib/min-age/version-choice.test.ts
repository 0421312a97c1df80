import { describe, expect, it } from 'vitest';
import { chooseVersion } from './version-choice.ts';

const HOUR = 3_600_000;
const t0 = Date.parse('2026-06-01T12:00:00Z');
const versions = [
  { version: '1.1.0', createdAt: new Date(t0).toISOString() },
  { version: '1.0.0', createdAt: new Date(t0 - 30 * 24 * HOUR).toISOString() },
];

describe('chooseVersion', () => {
  it('leaves out the version published at t0 at t0 + 71 h with 72 h, and offers it at t0 + 72 h', () => {
    expect(chooseVersion(versions, 72 * HOUR, t0 + 71 * HOUR)).toEqual({ chosen: versions[1], heldBack: 1 });
    expect(chooseVersion(versions, 72 * HOUR, t0 + 72 * HOUR)).toEqual({ chosen: versions[0], heldBack: 0 });
  });

  it('offers nothing when every version is too new, and the newest without an age', () => {
    expect(chooseVersion(versions, 60 * 24 * HOUR, t0)).toEqual({ chosen: null, heldBack: 2 });
    expect(chooseVersion(versions, 0, t0)).toEqual({ chosen: versions[0], heldBack: 0 });
  });
});
