import { describe, expect, it } from 'vitest';
import { confirms, nodeDeletePhrase } from './confirm-text.ts';
import { nodeToForm, nodeUpdateBody, parseTags } from './node-form.ts';
import { readCallbackParams } from './oauth-callback.ts';
import { claimPath } from './paths.ts';
import { isExpired, tokenCreateBody } from './token-expiry.ts';
import { versionStatusView } from './version-status.ts';

describe('typed confirmation', () => {
  it('needs the exact phrase (spaces around ignored, case kept)', () => {
    expect(confirms(' acme/upscaler ', nodeDeletePhrase('acme', 'upscaler'))).toBe(true);
    expect(confirms('Acme/upscaler', 'acme/upscaler')).toBe(false);
    expect(confirms('acme/upscale', 'acme/upscaler')).toBe(false);
    expect(confirms('', '')).toBe(false);
  });
});

describe('node form', () => {
  const node = { id: 'n', name: 'Nice', description: 'd', repository: 'https://github.com/a/b', tags: ['x', 'y'] };

  it('parses tags from a comma list, without blanks or repeats', () => {
    expect(parseTags(' a, b,, c ,a\nd')).toEqual(['a', 'b', 'c', 'd']);
    expect(parseTags('  ')).toEqual([]);
  });

  it('sends only what changed, trimmed; a cleared field becomes ""', () => {
    const before = nodeToForm(node);
    expect(before).toEqual({
      name: 'Nice',
      description: 'd',
      license: '',
      repository: 'https://github.com/a/b',
      icon: '',
      tags: 'x, y',
    });
    expect(nodeUpdateBody(before, { ...before })).toEqual({});
    expect(nodeUpdateBody(before, { ...before, name: ' Nicer ', repository: '', tags: 'x,y' })).toEqual({
      name: 'Nicer',
      repository: '',
    });
    expect(nodeUpdateBody(before, { ...before, tags: 'y, z' })).toEqual({ tags: ['y', 'z'] });
  });
});

describe('version status', () => {
  it('maps every status to a label and tone', () => {
    expect(versionStatusView('NodeVersionStatusActive')).toEqual({ key: 'active', tone: 'ok' });
    expect(versionStatusView('NodeVersionStatusPending')).toEqual({ key: 'pending', tone: 'wait' });
    expect(versionStatusView('NodeVersionStatusFlagged')).toEqual({ key: 'flagged', tone: 'warn' });
    expect(versionStatusView('NodeVersionStatusBanned').tone).toBe('bad');
    expect(versionStatusView(undefined).key).toBe('unknown');
  });
});

describe('tokens', () => {
  it('builds the create body without empty optional fields', () => {
    expect(tokenCreateBody({ name: ' ci ', description: ' ', expiresInDays: null })).toEqual({ name: 'ci' });
    expect(tokenCreateBody({ name: 'ci', description: 'GitHub', expiresInDays: 30 })).toEqual({
      name: 'ci',
      description: 'GitHub',
      expires_in_days: 30,
    });
  });

  it('knows when a token has expired', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(isExpired(undefined, now)).toBe(false);
    expect(isExpired('2026-05-31T23:59:59Z', now)).toBe(true);
    expect(isExpired('2026-06-02T00:00:00Z', now)).toBe(false);
  });
});

describe('paths', () => {
  it('encodes ids in page paths', () => {
    expect(claimPath('ar', 'x&y')).toBe('/ar/nodes/claim?nodeId=x%26y');
  });
});

describe('readCallbackParams', () => {
  it('reads code and state, a cancelled sign-in, or nothing usable', () => {
    expect(readCallbackParams('?code=abc&state=xyz')).toEqual({ kind: 'ok', code: 'abc', state: 'xyz' });
    expect(readCallbackParams('?error=access_denied&state=xyz')).toEqual({ kind: 'denied' });
    expect(readCallbackParams('?code=abc')).toEqual({ kind: 'missing' });
    expect(readCallbackParams('')).toEqual({ kind: 'missing' });
  });
});
