import { describe, expect, it } from 'vitest';
import type { PublisherRow, UserRow } from '../../db/rows.ts';
import { decidePublisherAccess, roleGrants, type Capability } from './access.ts';

const ALL: Capability[] = [
  'publisher.update',
  'publisher.delete',
  'tokens.read',
  'tokens.create',
  'tokens.revoke',
  'node.create',
  'node.update',
  'node.delete',
  'node.claim',
  'version.update',
  'version.delete',
  'version.publish',
  'publisher.appeal',
];

describe('roleGrants', () => {
  it('gives owners everything', () => {
    expect(ALL.filter((c) => roleGrants(c, 'owner', false))).toEqual(ALL);
  });
  it('gives members node and version editing only', () => {
    expect(ALL.filter((c) => roleGrants(c, 'member', false))).toEqual([
      'node.create',
      'node.update',
      'node.claim',
      'version.update',
      'version.publish',
    ]);
  });
  it('gives admins everything but minting tokens and publishing (a token is worth its creator’s role)', () => {
    expect(ALL.filter((c) => !roleGrants(c, null, true))).toEqual([
      'tokens.create',
      'version.publish',
      'publisher.appeal',
    ]);
  });
  it('gives strangers nothing', () => {
    expect(ALL.filter((c) => roleGrants(c, null, false))).toEqual([]);
  });
});

describe('decidePublisherAccess', () => {
  const user = { id: 'u', isAdmin: false, status: 'UserStatusActive' } as UserRow;
  const publisher = { id: 'p', status: 'PublisherStatusActive' } as PublisherRow;
  const code = (capability: Capability, viewer: UserRow, pub: PublisherRow, role: 'owner' | 'member' | null) =>
    decidePublisherAccess(capability, { viewer, publisher: pub, role })?.code ?? 'allowed';

  it('refuses every write to a banned user, but not reads', () => {
    const banned = { ...user, status: 'UserStatusBanned' } as UserRow;
    expect(code('node.update', banned, publisher, 'owner')).toBe('user_banned');
    expect(code('tokens.read', banned, publisher, 'owner')).toBe('allowed');
    expect(code('node.update', { ...banned, isAdmin: true }, publisher, null)).toBe('user_banned');
  });

  it('freezes a banned publisher except for admins', () => {
    const bannedPublisher = { ...publisher, status: 'PublisherStatusBanned' } as PublisherRow;
    expect(code('node.update', user, bannedPublisher, 'owner')).toBe('publisher_banned');
    expect(code('tokens.read', user, bannedPublisher, 'owner')).toBe('allowed');
    expect(code('node.update', { ...user, isAdmin: true }, bannedPublisher, null)).toBe('allowed');
  });

  it('still lets the owners of a banned publisher appeal the ban, but not its members or a banned owner', () => {
    const bannedPublisher = { ...publisher, status: 'PublisherStatusBanned' } as PublisherRow;
    expect(code('publisher.appeal', user, bannedPublisher, 'owner')).toBe('allowed');
    expect(code('publisher.appeal', user, bannedPublisher, 'member')).toBe('owner_required');
    const banned = { ...user, status: 'UserStatusBanned' } as UserRow;
    expect(code('publisher.appeal', banned, bannedPublisher, 'owner')).toBe('user_banned');
  });

  it('names what is missing', () => {
    expect(code('node.update', user, publisher, null)).toBe('not_a_member');
    expect(code('node.delete', user, publisher, 'member')).toBe('owner_required');
    expect(code('tokens.create', { ...user, isAdmin: true }, publisher, null)).toBe('owner_required');
  });
});
