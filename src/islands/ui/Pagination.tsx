import { pageItems } from '../../lib/search/pagination.ts';
import { button } from './styles.ts';

export interface PaginationProps {
  /** Accessible name of the <nav>. */
  label: string;
  page: number;
  totalPages: number;
  previousLabel: string;
  nextLabel: string;
  /** "Page 2 of 5" between the arrows; left out when the pages are numbered. */
  status?: string;
  /** Buttons that call this (islands that keep the page in state)… */
  onPage?: (page: number) => void;
  /** …or plain links (pages that work without JavaScript). */
  hrefFor?: (page: number) => string;
  /** Numbered pages (first, last and a window around the current one) with their names and digits. */
  numbered?: { pageLabel: (page: number) => string; format: (page: number) => string };
  /** Keeps the bar when everything fits on one page (to show the status line). */
  showSingle?: boolean;
  testId?: string;
}

const current = 'aria-[current=page]:border-brand-600 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white';

/** The one pager of the islands: previous / next (buttons or links), a status or numbered pages. */
export function Pagination(props: PaginationProps) {
  const { page, totalPages, onPage, hrefFor, numbered } = props;
  if (totalPages <= 1 && !props.showSingle) return null;
  const control = (target: number, enabled: boolean, content: React.ReactNode, extra: Record<string, string> = {}) => {
    if (hrefFor) {
      if (!enabled) return null;
      return (
        <a href={hrefFor(target)} className={button.secondary} {...extra}>
          {content}
        </a>
      );
    }
    return (
      <button type="button" className={button.secondary} disabled={!enabled} onClick={() => onPage?.(target)}>
        {content}
      </button>
    );
  };
  const items = numbered ? pageItems(page, totalPages) : [];
  return (
    <nav
      aria-label={props.label}
      className="flex flex-wrap items-center justify-between gap-2"
      data-testid={props.testId}
    >
      {control(
        page - 1,
        page > 1,
        <>
          <span aria-hidden="true" className="rtl:rotate-180">
            ←
          </span>
          {props.previousLabel}
        </>,
        { rel: 'prev' },
      ) ?? <span />}
      {numbered ? (
        <ul className="flex flex-wrap items-center justify-center gap-1.5">
          {items.map((item) =>
            item.kind === 'gap' ? (
              <li key={item.key} aria-hidden="true" className="px-1 text-slate-500">
                …
              </li>
            ) : (
              <li key={item.page}>
                {hrefFor ? (
                  <a
                    href={hrefFor(item.page)}
                    aria-current={item.page === page ? 'page' : undefined}
                    aria-label={numbered.pageLabel(item.page)}
                    className={`${button.secondary} min-w-9 ${current}`}
                  >
                    {numbered.format(item.page)}
                  </a>
                ) : (
                  <button
                    type="button"
                    aria-current={item.page === page ? 'page' : undefined}
                    aria-label={numbered.pageLabel(item.page)}
                    className={`${button.secondary} min-w-9 ${current}`}
                    onClick={() => onPage?.(item.page)}
                  >
                    {numbered.format(item.page)}
                  </button>
                )}
              </li>
            ),
          )}
        </ul>
      ) : (
        props.status && (
          <span className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
            {props.status}
          </span>
        )
      )}
      {control(
        page + 1,
        page < totalPages,
        <>
          {props.nextLabel}
          <span aria-hidden="true" className="rtl:rotate-180">
            →
          </span>
        </>,
        { rel: 'next' },
      ) ?? <span />}
    </nav>
  );
}
