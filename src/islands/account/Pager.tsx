import type { TFunction } from '../../i18n/translator.ts';
import { button, muted } from '../ui/styles.ts';

interface Props {
  t: TFunction;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  label: string;
}

/** Previous / next with "Page x of y"; hidden when everything fits on one page. */
export function Pager({ t, page, totalPages, onPage, label }: Props) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2">
      <button type="button" className={button.secondary} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('account.events.previous')}
      </button>
      <span className={muted} aria-live="polite">
        {t('account.events.pageOf', { page, pages: totalPages })}
      </span>
      <button type="button" className={button.secondary} disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t('account.events.next')}
      </button>
    </nav>
  );
}
