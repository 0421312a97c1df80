import { useId, useRef, useState, type FormEvent } from 'react';
import { formatPercent } from '../../../lib/format/format.ts';
import { nodeChangedKeys } from '../../../lib/dashboard/query-keys.ts';
import { uploadArchive, type ArchiveUploadResult } from '../../../lib/publish/upload-archive.ts';
import { uploadErrorText } from '../../../lib/publish/upload-error-text.ts';
import { useDashboard } from '../context.ts';
import { useInvalidateKeys } from '../../../lib/query/hooks.ts';
import { ErrorNote } from '../../ui/ErrorNote.tsx';
import { button } from '../../ui/styles.ts';
import { UploadedVersion } from './UploadedVersion.tsx';

type State =
  | { name: 'idle' }
  | { name: 'sending'; fraction: number }
  | { name: 'failed'; message: string }
  /** `fraction`: how much of the body the last upload event reported sent. */
  | { name: 'done'; result: ArchiveUploadResult; fraction: number };

/**
 * The browser's way to publish: the zip `comfy node pack` made, sent with a progress bar that follows
 * the bytes going out; then the new version, its status and findings (UploadedVersion).
 */
export function UploadStep({ publisherId }: { publisherId: string }) {
  const { t, lang } = useDashboard();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ name: 'idle' });
  const invalidate = useInvalidateKeys();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) {
      setState({ name: 'failed', message: t('publishGuide.upload.choose') });
      return;
    }
    setState({ name: 'sending', fraction: 0 });
    let fraction = 0;
    try {
      const result = await uploadArchive(publisherId, file, ({ loaded, total }) => {
        fraction = total > 0 ? loaded / total : 0;
        setState({ name: 'sending', fraction });
      });
      setState({ name: 'done', result, fraction });
      await invalidate(nodeChangedKeys(publisherId, result.node_version.node_id ?? ''));
    } catch (error) {
      setState({ name: 'failed', message: uploadErrorText(t, error, publisherId) });
    }
  };

  const sending = state.name === 'sending';
  // All bytes out, answer not in yet: the server is checking the archive.
  const checking = sending && state.fraction >= 1;
  const progress = state.name === 'sending' || state.name === 'done' ? state.fraction : null;
  return (
    <li>
      <h3 className="font-semibold">{t('publishGuide.upload.heading')}</h3>
      <p className="mt-1">{t('publishGuide.upload.lead', { publisher: publisherId })}</p>
      <form className="mt-3 flex flex-col gap-3" onSubmit={(event) => void submit(event)} aria-busy={sending}>
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="text-sm font-medium">
            {t('publishGuide.upload.file')}
          </label>
          <input
            id={id}
            ref={fileInput}
            type="file"
            accept=".zip,application/zip"
            disabled={sending}
            className="text-sm file:me-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium dark:file:border-slate-600 dark:file:bg-slate-900 dark:file:text-slate-100"
            onChange={() => state.name !== 'sending' && setState({ name: 'idle' })}
            data-testid="upload-file"
          />
        </div>
        <div>
          <button type="submit" className={button.primary} disabled={sending} data-testid="upload-submit">
            {t('publishGuide.upload.submit')}
          </button>
        </div>
        {progress !== null && (
          <div className="flex flex-col gap-1" role="status" data-testid="upload-status">
            <progress
              className="h-2 w-full max-w-md accent-brand-600"
              max={100}
              value={Math.round(progress * 100)}
              aria-label={t('publishGuide.upload.progressLabel')}
              data-testid="upload-progress"
            />
            <p className="text-sm">
              {state.name === 'done'
                ? t('publishGuide.upload.sent', { percent: formatPercent(progress, lang) })
                : checking
                  ? t('publishGuide.upload.checking')
                  : t('publishGuide.upload.sending', { percent: formatPercent(progress, lang) })}
            </p>
          </div>
        )}
        {state.name === 'failed' && <ErrorNote message={t('publishGuide.upload.failed', { reason: state.message })} />}
      </form>
      {state.name === 'done' && <UploadedVersion publisherId={publisherId} uploaded={state.result.node_version} />}
    </li>
  );
}
