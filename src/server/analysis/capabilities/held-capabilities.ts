import { CAPABILITY_KINDS, type CapabilityKind } from './capability.ts';

// HOLD_ON_GAINED_CAPABILITIES: which gained capabilities hold an update for a human. `true` means
// the kinds that let a pack run or fetch arbitrary code on the user's machine or open it to the
// network; the operator can list any kinds instead.

export const DEFAULT_HELD_CAPABILITIES: readonly CapabilityKind[] = [
  'subprocess',
  'runtime_install',
  'dynamic_code',
  'http_routes',
];

const isKind = (value: string): value is CapabilityKind => (CAPABILITY_KINDS as readonly string[]).includes(value);

/** The kinds to hold on, [] when off; null when the value names something that is not a kind. */
export function parseHeldCapabilities(value: string): CapabilityKind[] | null {
  const text = value.trim().toLowerCase();
  if (text === '' || text === 'false' || text === '0' || text === 'off') return [];
  if (text === 'true' || text === '1' || text === 'on') return [...DEFAULT_HELD_CAPABILITIES];
  const kinds = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return kinds.every(isKind) ? [...new Set(kinds)] : null;
}
