import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useId, useState } from 'react';
import { $toasts, dismissToast, type Toast } from './toast-store.ts';

/** The translated "Dismiss" label, set by whichever Toaster was given it (the header's always is). */
const $dismissLabel = atom('Dismiss');
/** Several islands may render a Toaster; the first one mounted shows the toasts, the others nothing. */
const $owner = atom<string | null>(null);

interface Props {
  /** Accessible name of each toast's close button (translated by the island that renders it). */
  dismissLabel?: string;
}

function ToastItem({ item, label }: { item: Toast; label: string }) {
  const tone =
    item.kind === 'error'
      ? 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100'
      : 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100';
  return (
    <div
      className={`pointer-events-auto flex items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${tone}`}
      data-testid={`toast-${item.kind}`}
    >
      <span className="flex-1">{item.text}</span>
      <button
        type="button"
        onClick={() => dismissToast(item.id)}
        className="-me-1 rounded px-1 leading-none opacity-70 hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2"
        aria-label={label}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/**
 * Toasts in two live regions that exist before any toast does (screen readers ignore regions
 * inserted together with their content): errors are announced assertively, the rest politely.
 * Plain aria-live, no status/alert role: the empty regions sit on every page and must not be
 * mistaken for a page's own status message.
 */
export function Toaster({ dismissLabel }: Props) {
  const id = useId();
  const toasts = useStore($toasts);
  const owner = useStore($owner);
  const label = useStore($dismissLabel);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (dismissLabel) $dismissLabel.set(dismissLabel);
    if ($owner.get() === null) $owner.set(id);
    setMounted(true);
    return () => {
      if ($owner.get() === id) $owner.set(null);
    };
  }, [id, dismissLabel]);
  if (mounted && owner !== id) return null;
  const visible = mounted ? toasts : [];
  return (
    <div className="pointer-events-none fixed bottom-4 end-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2">
      <div aria-live="assertive" className="flex flex-col gap-2" data-testid="toasts-assertive">
        {visible
          .filter((t) => t.kind === 'error')
          .map((t) => (
            <ToastItem key={t.id} item={t} label={label} />
          ))}
      </div>
      <div aria-live="polite" className="flex flex-col gap-2" data-testid="toasts-polite">
        {visible
          .filter((t) => t.kind !== 'error')
          .map((t) => (
            <ToastItem key={t.id} item={t} label={label} />
          ))}
      </div>
    </div>
  );
}
