// Toasts live in a store, not in a component, so any island (or plain code such as the logout
// action) can raise one and the single Toaster of the page shows it.
import { atom } from 'nanostores';

export type ToastKind = 'success' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

/** How long a toast stays (errors longer: they usually need reading). */
export const TOAST_DURATION_MS: Record<ToastKind, number> = { success: 5_000, error: 9_000 };

export const $toasts = atom<readonly Toast[]>([]);

let nextId = 1;

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

function push(kind: ToastKind, text: string): number {
  const id = nextId++;
  // Keep the stack short: the oldest toasts give way.
  $toasts.set([...$toasts.get().slice(-4), { id, kind, text }]);
  if (typeof window !== 'undefined') window.setTimeout(() => dismissToast(id), TOAST_DURATION_MS[kind]);
  return id;
}

export const toast = {
  success: (text: string) => push('success', text),
  error: (text: string) => push('error', text),
  dismiss: dismissToast,
};
