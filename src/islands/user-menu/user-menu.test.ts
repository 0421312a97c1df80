import { describe, expect, it } from 'vitest';
import { avatarInitial, shownName } from './avatar.ts';
import { nextItemIndex, openingFocus } from './menu-keys.ts';

describe('avatar', () => {
  it('uses the display name, else the email, else U', () => {
    expect(avatarInitial({ displayName: 'ada lovelace', email: 'x@y.z' })).toBe('A');
    expect(avatarInitial({ displayName: '  ', email: 'zoe@example.test' })).toBe('Z');
    expect(avatarInitial({ displayName: null, email: null })).toBe('U');
    expect(avatarInitial({ displayName: '𝒜da', email: null })).toBe('𝒜');
    expect(shownName({ displayName: null, email: 'zoe@example.test' })).toBe('zoe@example.test');
  });
});

describe('menu keys', () => {
  it('Enter, Space and ↓ open on the first item, ↑ on the last', () => {
    expect(['Enter', ' ', 'ArrowDown', 'ArrowUp', 'a'].map(openingFocus)).toEqual([
      'first',
      'first',
      'first',
      'last',
      null,
    ]);
  });

  it('↑/↓ move with wrap-around, Home/End jump', () => {
    expect(nextItemIndex('ArrowDown', 2, 3)).toBe(0);
    expect(nextItemIndex('ArrowUp', 0, 3)).toBe(2);
    expect(nextItemIndex('ArrowDown', -1, 3)).toBe(0);
    expect(nextItemIndex('End', 0, 3)).toBe(2);
    expect(nextItemIndex('Home', 2, 3)).toBe(0);
    expect(nextItemIndex('x', 0, 3)).toBeNull();
  });
});
