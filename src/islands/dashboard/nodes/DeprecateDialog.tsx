import { useState } from 'react';
import type { TFunction } from '../../../i18n/translator.ts';
import { ErrorNote } from '../../ui/ErrorNote.tsx';
import { Field } from '../ui/Field.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { button, input, muted } from '../../ui/styles.ts';

/** The longest note the API accepts (routes/publishers/update-node-version.ts). */
const MAX_MESSAGE = 500;

interface Props {
  t: TFunction;
  open: boolean;
  version: string;
  /** The pack's name: the title says which pack's version is deprecated. */
  nodeName: string;
  pending: boolean;
  error: string | null;
  onConfirm: (message: string) => void;
  onClose: () => void;
}

/** Deprecating asks for an optional note (what to use instead), shown on the node page's banner. */
export function DeprecateDialog({ t, open, version, nodeName, pending, error, onConfirm, onClose }: Props) {
  const [message, setMessage] = useState('');
  const close = () => {
    setMessage('');
    onClose();
  };
  return (
    <Dialog
      open={open}
      title={t('packNamed.deprecateTitle', { name: nodeName, version })}
      onClose={close}
      busy={pending}
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) onConfirm(message.trim());
        }}
      >
        <p className={muted}>{t('dashboard.versions.deprecateBody', { version })}</p>
        <Field label={t('dashboard.versions.messageLabel')} help={t('dashboard.versions.messageHelp')}>
          {({ id, describedBy }) => (
            <textarea
              id={id}
              aria-describedby={describedBy}
              className={input}
              dir="auto"
              rows={3}
              maxLength={MAX_MESSAGE}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              data-testid="deprecation-message-input"
            />
          )}
        </Field>
        <ErrorNote message={error} />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={button.secondary} onClick={close} disabled={pending}>
            {t('dashboard.cancel')}
          </button>
          <button type="submit" className={button.primary} disabled={pending} data-testid="deprecate-confirm">
            {pending ? t('dashboard.saving') : t('dashboard.versions.deprecate')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
