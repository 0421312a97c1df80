// Keyboard rules of the menu button pattern (WAI-ARIA APG), as pure functions.

/** Keys on the closed trigger that open the menu, and which item gets focus. */
export function openingFocus(key: string): 'first' | 'last' | null {
  if (key === 'Enter' || key === ' ' || key === 'ArrowDown') return 'first';
  if (key === 'ArrowUp') return 'last';
  return null;
}

/** The item to focus after a key press inside the open menu (wrapping); null when the key is not ours. */
export function nextItemIndex(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return (current + 1 + count) % count;
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
