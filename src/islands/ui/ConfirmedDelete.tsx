import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { TFunction } from '../../i18n/translator.ts';
import type { ApiRequestError } from '../../lib/api/client.ts';
import { apiErrorText } from '../../lib/api/error-text.ts';
import { toast } from '../toast/index.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { button } from './styles.ts';

interface Props<Variables> {
  /** The island's translator (it must carry `apiErrors`), for the server's refusal. */
  t: TFunction;
  /** The DELETE to send once confirmed (a `useApiMutation` that names the list it refreshes). */
  remove: UseMutationResult<unknown, ApiRequestError, Variables>;
  /** What that mutation is called with (the row's path parameters). */
  variables: Variables;
  /** The button's label, and the dialog's confirm button. */
  label: string;
  /** What the row is about, for screen readers: several rows carry the same button. */
  name: string;
  title: string;
  body: string;
  /** A phrase to type before the button works (what a whole publisher or node deletion asks for). */
  phrase?: { text: string; label: string };
  cancelLabel: string;
  pendingLabel: string;
  /** The toast once it is done. */
  done: string;
}

/**
 * A row's "remove" (revoke a token, remove a webhook or a trusted publisher): a button that asks
 * first, shows a refusal inside the dialog and in a toast, and says when it is done.
 */
export function ConfirmedDelete<Variables>({
  t,
  remove,
  variables,
  label,
  name,
  title,
  body,
  phrase,
  cancelLabel,
  pendingLabel,
  done,
}: Props<Variables>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={button.dangerGhost} onClick={() => setOpen(true)}>
        {label}
        <span className="sr-only"> {name}</span>
      </button>
      <ConfirmDialog
        cancelLabel={cancelLabel}
        open={open}
        title={title}
        body={body}
        {...(phrase ? { phrase } : {})}
        confirmLabel={label}
        pendingLabel={pendingLabel}
        pending={remove.isPending}
        error={remove.error ? apiErrorText(t, remove.error) : null}
        onClose={() => {
          remove.reset();
          setOpen(false);
        }}
        onConfirm={async () => {
          // Awaited rather than passed as mutate callbacks: the mutation refreshes the list before it
          // settles, and that list no longer holds this row, so callbacks of an unmounted row never ran.
          try {
            await remove.mutateAsync(variables);
          } catch (error) {
            toast.error(apiErrorText(t, error));
            return;
          }
          toast.success(done);
          setOpen(false);
        }}
      />
    </>
  );
}
