import { useDashboard } from '../context.ts';
import { buttonClass, mutedText } from '../ui/styles.ts';

interface Props {
  page: number;
  totalPages: number;
  label: string;
  onChange: (page: number) => void;
}

/** Previous / "Page x of y" / Next; hidden when everything fits on one page. */
export function Pagination({ page, totalPages, label, onChange }: Props) {
  const { t } = useDashboard();
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2">
      <button type="button" className={buttonClass.secondary} disabled={page <= 1} onClick={() => onChange(page - 1)}>
        <span aria-hidden="true" className="rtl:rotate-180">
          ←
        </span>
        {t('dashboard.nodes.previous')}
      </button>
      <span className={mutedText} aria-live="polite">
        {t('dashboard.nodes.page', { page, total: totalPages })}
      </span>
      <button
        type="button"
        className={buttonClass.secondary}
        disabled={page >= totalPages}
        onClick={() => onChange(page + 1)}
      >
        {t('dashboard.nodes.next')}
        <span aria-hidden="true" className="rtl:rotate-180">
          →
        </span>
      </button>
    </nav>
  );
}
