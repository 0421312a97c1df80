import { describe, expect, it } from 'vitest';
import { comboboxKey } from './combobox.ts';

describe('comboboxKey', () => {
  it('ArrowDown opens a closed list that has options', () => {
    expect(comboboxKey('ArrowDown', { open: false, active: -1, count: 3 })).toEqual({ type: 'open' });
    expect(comboboxKey('ArrowDown', { open: false, active: -1, count: 0 })).toEqual({ type: 'none' });
  });

  it('moves down and up, passing through "no option" at the ends', () => {
    expect(comboboxKey('ArrowDown', { open: true, active: -1, count: 3 })).toEqual({ type: 'move', index: 0 });
    expect(comboboxKey('ArrowDown', { open: true, active: 2, count: 3 })).toEqual({ type: 'move', index: -1 });
    expect(comboboxKey('ArrowUp', { open: true, active: -1, count: 3 })).toEqual({ type: 'move', index: 2 });
    expect(comboboxKey('ArrowUp', { open: true, active: 0, count: 3 })).toEqual({ type: 'move', index: -1 });
  });

  it('Enter chooses the active option, else lets the form submit', () => {
    expect(comboboxKey('Enter', { open: true, active: 1, count: 3 })).toEqual({ type: 'choose', index: 1 });
    expect(comboboxKey('Enter', { open: true, active: -1, count: 3 })).toEqual({ type: 'none' });
    expect(comboboxKey('Enter', { open: false, active: 1, count: 3 })).toEqual({ type: 'none' });
  });

  it('Escape closes an open list, else clears the text', () => {
    expect(comboboxKey('Escape', { open: true, active: 0, count: 3 })).toEqual({ type: 'close' });
    expect(comboboxKey('Escape', { open: false, active: -1, count: 0 })).toEqual({ type: 'clear' });
  });

  it('ignores other keys', () => {
    expect(comboboxKey('a', { open: true, active: 0, count: 3 })).toEqual({ type: 'none' });
  });
});
