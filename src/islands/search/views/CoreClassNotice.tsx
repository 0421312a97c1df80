import type { TFunction } from '../../../i18n/translator.ts';

/**
 * Above the results of a search for a class that ships with ComfyUI (`KSampler`): without it, a list
 * of every pack that mentions the class reads as "install one of these to get it".
 */
export function CoreClassNotice({ t, name }: { t: TFunction; name: string }) {
  return (
    <div
      role="note"
      className="mb-4 rounded-xl border border-sky-300 bg-sky-50 p-4 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100"
      data-testid="core-class-notice"
    >
      <p className="font-medium">{t('searchNotices.coreClass', { name })}</p>
      <p className="mt-1">{t('searchNotices.coreClassDetail')}</p>
    </div>
  );
}
