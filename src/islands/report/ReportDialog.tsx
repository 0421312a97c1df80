import { useId, useRef, useState, type FormEvent } from 'react';
import { loadApiErrorText, pageLocale } from '../../i18n/load-api-error-text.ts';
import type { TFunction } from '../../i18n/translator.ts';
import { apiCall, ApiRequestError } from '../../lib/api/client.ts';
import { isStatedRefusal } from '../../lib/api/refusal.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { button, compactInput } from '../ui/styles.ts';
import { REPORT_REASONS, type ReportReason as Reason } from './reasons.ts';

/** Mirrors the API's bound (routes/reports/schemas.ts); the server enforces it anyway. */
const DETAILS_MAX = 2000;

interface Props {
  nodeId: string;
  /** Named in the title and the thanks, so the reporter knows which pack the report is about. */
  nodeName: string;
  version: string | null;
  t: TFunction;
  onClose: () => void;
}

type SendState = { kind: 'editing' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

/**
 * The report form in the project's modal dialog: a reason, optional details, optional version. No
 * reason is preselected: a default (it was "Malware") files careless reports under it.
 */
export function ReportDialog({ nodeId, nodeName, version, t, onClose }: Props) {
  const [reason, setReason] = useState<Reason | null>(null);
  const [missingReason, setMissingReason] = useState(false);
  const [details, setDetails] = useState('');
  const [onlyVersion, setOnlyVersion] = useState(false);
  const [state, setState] = useState<SendState>({ kind: 'editing' });
  const detailsId = useId();
  const legendId = useId();
  const reasonErrorId = useId();
  const firstReason = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setMissingReason(true);
      firstReason.current?.focus();
      return;
    }
    setState({ kind: 'sending' });
    try {
      await apiCall('post', '/nodes/{nodeId}/reports', {
        params: { path: { nodeId } },
        body: { reason, details, ...(onlyVersion && version ? { version } : {}) },
      });
      setState({ kind: 'sent' });
    } catch (error) {
      // A refusal says its cause (a banned account, a banned pack): "try again" would be refused again.
      const message =
        error instanceof ApiRequestError && error.status === 429
          ? t('packReport.tooMany')
          : isStatedRefusal(error)
            ? await loadApiErrorText(pageLocale(), error).catch(() => t('packReport.failed'))
            : t('packReport.failed');
      setState({ kind: 'failed', message });
    }
  };

  return (
    <Dialog open width="lg" title={t('reportSignIn.title', { name: nodeName })} onClose={onClose}>
      {state.kind === 'sent' ? (
        <div className="space-y-4">
          <p role="status" data-testid="report-sent">
            {t('reportSignIn.sent', { name: nodeName })}
          </p>
          <button type="button" className={button.primary} onClick={onClose}>
            {t('packReport.close')}
          </button>
        </div>
      ) : (
        <form className="space-y-4" onSubmit={submit} noValidate>
          <fieldset
            role="radiogroup"
            aria-labelledby={legendId}
            aria-required="true"
            aria-invalid={missingReason}
            aria-describedby={missingReason ? reasonErrorId : undefined}
          >
            <legend id={legendId} className="font-medium">
              {t('packReport.reason')}
            </legend>
            <div className="mt-2 grid gap-1">
              {REPORT_REASONS.map((value, index) => (
                <label key={value} className="flex items-center gap-2">
                  <input
                    ref={index === 0 ? firstReason : undefined}
                    type="radio"
                    name="reason"
                    value={value}
                    checked={reason === value}
                    onChange={() => {
                      setReason(value);
                      setMissingReason(false);
                    }}
                  />
                  {t(`packReport.reasons.${value}`)}
                </label>
              ))}
            </div>
            {missingReason && (
              <p id={reasonErrorId} role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
                {t('reportSignIn.chooseReason')}
              </p>
            )}
          </fieldset>
          <div>
            <label htmlFor={detailsId} className="font-medium">
              {t('packReport.details')}
            </label>
            <textarea
              id={detailsId}
              className={`mt-1 block w-full ${compactInput}`}
              rows={4}
              maxLength={DETAILS_MAX}
              value={details}
              onChange={(event) => setDetails(event.target.value)}
            />
          </div>
          {version && (
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={onlyVersion} onChange={(event) => setOnlyVersion(event.target.checked)} />
              {t('packReport.onlyVersion', { version })}
            </label>
          )}
          {state.kind === 'failed' && (
            <p role="alert" className="text-red-700 dark:text-red-300">
              {state.message}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <button type="button" className={button.secondary} onClick={onClose}>
              {t('packReport.cancel')}
            </button>
            <button
              type="submit"
              disabled={state.kind === 'sending'}
              className={button.danger}
              data-testid="report-submit"
            >
              {state.kind === 'sending' ? t('packReport.sending') : t('packReport.submit')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
