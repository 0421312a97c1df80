// Keyboard rules of the search box's suggestion list (the ARIA combobox pattern), as a pure
// function so they can be tested without a browser.

export type ComboboxAction =
  | { type: 'move'; index: number }
  | { type: 'open' }
  | { type: 'choose'; index: number }
  | { type: 'close' }
  | { type: 'clear' }
  | { type: 'none' };

/**
 * ↓/↑ open the list or move through it (wrapping, with "no option" between the ends so the typed
 * text is reachable again); Enter chooses the active option (else the form submits); Esc closes an
 * open list, or clears the text when it is already closed.
 */
export function comboboxKey(key: string, state: { open: boolean; active: number; count: number }): ComboboxAction {
  const { open, active, count } = state;
  switch (key) {
    case 'ArrowDown':
      if (!open) return count > 0 ? { type: 'open' } : { type: 'none' };
      if (count === 0) return { type: 'none' };
      return { type: 'move', index: active + 1 >= count ? -1 : active + 1 };
    case 'ArrowUp':
      if (!open || count === 0) return { type: 'none' };
      return { type: 'move', index: active <= -1 ? count - 1 : active - 1 };
    case 'Enter':
      return open && active >= 0 && active < count ? { type: 'choose', index: active } : { type: 'none' };
    case 'Escape':
      return open ? { type: 'close' } : { type: 'clear' };
    default:
      return { type: 'none' };
  }
}
