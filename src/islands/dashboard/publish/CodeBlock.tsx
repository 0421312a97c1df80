import { useDashboard } from '../context.ts';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { toast } from '../../toast/index.ts';

const codeClass =
  'block overflow-x-auto rounded-lg bg-slate-100 px-3 py-2 text-start font-mono text-sm whitespace-pre text-slate-900 dark:bg-slate-900 dark:text-slate-100';

/** Commands or a file to copy: always left to right (also on Arabic pages), with a copy button. */
export function CodeBlock({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const { t } = useDashboard();
  return (
    <div className="mt-2 flex flex-col items-start gap-2">
      <pre dir="ltr" className={`${codeClass} w-full`} data-testid={testId} tabIndex={0} aria-label={label}>
        <code>{text}</code>
      </pre>
      <CopyButton
        text={text}
        label={label}
        copiedLabel={t('publishGuide.copied')}
        onFailure={() => toast.error(t('publishGuide.copyFailed'))}
      />
    </div>
  );
}
