import type { MessageTree } from '../../i18n/translator.ts';
import { CopyButton } from '../copy-button/CopyButton.tsx';

interface Props {
  command: string;
  /** The button's name, saying which command it copies (a plan has several). */
  copyLabel: string;
  /** Has the `nodePageCopy` section. */
  messages: MessageTree;
  testId?: string;
}

/** One shell command, left to right even in Arabic, with its copy button (like the node page's). */
export function CommandLine({ command, copyLabel, messages, testId }: Props) {
  return (
    <div className="flex items-center gap-2 rounded-lg bg-slate-100 p-1.5 ps-3 dark:bg-slate-800">
      <code dir="ltr" className="min-w-0 flex-1 py-1.5 font-mono text-sm wrap-anywhere" data-testid={testId}>
        {command}
      </code>
      <CopyButton text={command} messages={messages} label={copyLabel} />
    </div>
  );
}
