import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type Column, TableHead } from '../ui/TableHead.tsx';
import { AdminPagination } from './AdminPagination.tsx';
import { QueryStatus } from './QueryStatus.tsx';
import { muted } from '../ui/styles.ts';

interface Paged {
  total: number;
  totalPages: number;
}

interface Props<T extends Paged> {
  query: Pick<UseQueryResult<T, Error>, 'isPending' | 'error' | 'data'>;
  caption: (data: T) => string;
  columns: Column[];
  page: number;
  onPage: (page: number) => void;
  /** The body rows for one page of data. */
  children: (data: T) => ReactNode;
}

/** Loading/error lines, then a captioned table with its pager: the frame every admin list shares. */
export function PagedTable<T extends Paged>({ query, caption, columns, page, onPage, children }: Props<T>) {
  return (
    <>
      <QueryStatus query={query} />
      {query.data && (
        // On a phone the table keeps readable columns and scrolls in here, not the page: cells break
        // words only as a last resort (`break-word` keeps an e-mail address whole instead of a letter
        // per line), and `relative` keeps the screen-reader-only labels (absolutely positioned) inside
        // too, or they would widen the page from where they sit.
        <div className="relative overflow-x-auto">
          <table className="w-full min-w-[40rem] border-collapse [&_td]:wrap-break-word">
            <caption className={`${muted} pb-2 text-start`}>{caption(query.data)}</caption>
            <TableHead columns={columns} />
            <tbody>{children(query.data)}</tbody>
          </table>
          <div className="pt-3">
            <AdminPagination list={query.data} page={page} onPage={onPage} showSingle />
          </div>
        </div>
      )}
    </>
  );
}
