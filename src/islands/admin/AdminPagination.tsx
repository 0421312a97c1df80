import { Pagination } from '../ui/Pagination.tsx';
import { useAdmin } from './context.ts';

interface Props {
  /** The page of the list as the API sent it (nothing while it loads). */
  list: { totalPages: number; total: number } | undefined;
  page: number;
  onPage: (page: number) => void;
  /** Keeps the bar on a single page (the tables show their count there). */
  showSingle?: boolean;
}

/** The kit's pager in the admin's words: every paged admin list (tables and queues) uses this one. */
export function AdminPagination({ list, page, onPage, showSingle = false }: Props) {
  const { t } = useAdmin();
  if (!list) return null;
  return (
    <Pagination
      label={t('admin.pagination.label')}
      page={page}
      totalPages={list.totalPages}
      onPage={onPage}
      previousLabel={t('admin.pagination.previous')}
      nextLabel={t('admin.pagination.next')}
      status={t('admin.pagination.summary', { page, pages: Math.max(list.totalPages, 1), count: list.total })}
      showSingle={showSingle}
    />
  );
}
