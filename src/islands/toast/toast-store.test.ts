import { beforeEach, describe, expect, it } from 'vitest';
import { $toasts, toast } from './toast-store.ts';

beforeEach(() => $toasts.set([]));

describe('toast store', () => {
  it('queues success and error toasts and dismisses by id', () => {
    const ok = toast.success('Saved');
    toast.error('Logout error: offline');
    expect($toasts.get().map((t) => [t.kind, t.text])).toEqual([
      ['success', 'Saved'],
      ['error', 'Logout error: offline'],
    ]);
    toast.dismiss(ok);
    expect($toasts.get().map((t) => t.text)).toEqual(['Logout error: offline']);
  });

  it('keeps at most five, dropping the oldest', () => {
    for (let i = 1; i <= 7; i += 1) toast.success(`n${i}`);
    expect($toasts.get().map((t) => t.text)).toEqual(['n3', 'n4', 'n5', 'n6', 'n7']);
  });
});
