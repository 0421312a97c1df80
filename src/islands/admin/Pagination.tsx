import { useAdmin } from './context.ts';
import { btn, muted } from './styles.ts';

interface Props {
  page: number;
  totalPages: number;
  total: number;
  onPage: (page: number) => void;
}

/** Previous / next with "page X of Y"; the buttons are real buttons, so the keyboard works. */
export function Pagination({ page, totalPages, total, onPage }: Props) {
  const { t } = useAdmin();
  return (
    <nav aria-label={t('admin.pagination.label')} className="flex flex-wrap items-center justify-between gap-3 pt-3">
      <p className={muted}>{t('admin.pagination.summary', { page, pages: Math.max(totalPages, 1), count: total })}</p>
      <div className="flex gap-2">
        <button type="button" className={btn.secondary} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('admin.pagination.previous')}
        </button>
        <button type="button" className={btn.secondary} disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          {t('admin.pagination.next')}
        </button>
      </div>
    </nav>
  );
}
