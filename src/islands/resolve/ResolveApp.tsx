import { useRef, useState, type DragEvent } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import type { MessageTree } from '../../i18n/translator.ts';
import { useIslandT } from '../../i18n/use-island-t.ts';
import { PlanView } from './PlanView.tsx';
import { resolveWorkflow, type ResolveResult } from './resolve-client.ts';
import { button } from '../ui/styles.ts';

interface Props {
  lang: Locale;
  /** The `resolve` and `nodePageCopy` sections. */
  messages: MessageTree;
  apiBase: string;
}

/**
 * Drop, pick or paste a workflow (JSON or an image ComfyUI saved) and see which packs it needs.
 * Everything is reachable by keyboard: the file picker is a real input behind a visible label, the
 * paste box is a textarea with its own submit button, and the result takes focus when it arrives.
 */
export function ResolveApp({ lang, messages, apiBase }: Props) {
  const t = useIslandT(lang, messages);
  const [text, setText] = useState('');
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);
  const [source, setSource] = useState<string>();
  const [result, setResult] = useState<ResolveResult>();
  const resultRef = useRef<HTMLDivElement>(null);

  const run = async (input: File | string, label: string) => {
    setBusy(true);
    setSource(label);
    const answer = await resolveWorkflow(apiBase, input);
    setResult(answer);
    setBusy(false);
    // Let the new content render, then move focus to it so keyboard and screen reader users land there.
    requestAnimationFrame(() => resultRef.current?.focus());
  };

  const onFiles = (files: FileList | null | undefined) => {
    const file = files?.[0];
    if (file) void run(file, file.name);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    onFiles(event.dataTransfer?.files);
  };

  return (
    <div className="space-y-8" data-testid="resolve-app">
      <div className="grid gap-6 md:grid-cols-2">
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="resolve-dropzone"
          className={`flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed p-6 text-center ${
            dragging
              ? 'border-brand-500 bg-brand-50 dark:bg-slate-800'
              : 'border-slate-300 bg-white dark:border-slate-600 dark:bg-slate-900'
          }`}
        >
          <p className="font-medium">{t('resolve.dropLabel')}</p>
          <label
            className={`${button.primary} cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-500`}
          >
            {t('resolve.chooseFile')}
            <input
              type="file"
              accept=".json,.png,.webp,application/json,image/png,image/webp"
              className="sr-only"
              data-testid="resolve-file"
              disabled={busy}
              onChange={(event) => {
                onFiles(event.currentTarget.files);
                event.currentTarget.value = '';
              }}
            />
          </label>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('resolve.fileHint')}</p>
        </div>
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (text.trim()) void run(text, t('resolve.pastedSource'));
          }}
          onPaste={(event) => {
            // An image pasted from the clipboard: resolve it like a dropped file.
            const file = event.clipboardData?.files?.[0];
            if (file) {
              event.preventDefault();
              void run(file, file.name || t('resolve.pastedSource'));
            }
          }}
        >
          <label htmlFor="resolve-json" className="font-medium">
            {t('resolve.pasteLabel')}
          </label>
          <textarea
            id="resolve-json"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            rows={8}
            spellCheck={false}
            dir="ltr"
            placeholder={t('resolve.pastePlaceholder')}
            className="w-full rounded-lg border border-slate-300 bg-white p-3 font-mono text-sm dark:border-slate-600 dark:bg-slate-900"
          />
          <div>
            <button type="submit" disabled={busy || !text.trim()} className={button.secondary}>
              {t('resolve.submit')}
            </button>
          </div>
        </form>
      </div>

      <div ref={resultRef} tabIndex={-1} aria-live="polite" aria-busy={busy} className="outline-none">
        {busy && <p className="text-slate-600 dark:text-slate-300">{t('resolve.resolving')}</p>}
        {!busy && result && !result.ok && (
          <p
            role="alert"
            data-testid="resolve-error"
            className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          >
            {t(`resolve.errors.${result.code}`)}
          </p>
        )}
        {!busy && result?.ok && <PlanView plan={result.plan} source={source} lang={lang} messages={messages} />}
      </div>
    </div>
  );
}
