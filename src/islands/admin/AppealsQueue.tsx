import { useState } from 'react';
import type { ApiSchema } from '../../lib/api/types.ts';
import { formatDate } from '../../lib/format/format.ts';
import { localizedPath } from '../../lib/locale-path.ts';
import { useApiQuery } from '../../lib/query/hooks.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { AdminPagination } from './AdminPagination.tsx';
import { button, compactCard, muted } from '../ui/styles.ts';
import { useAdmin } from './context.ts';
import { QueryStatus } from './QueryStatus.tsx';
import { UndoBar, type UndoTarget } from './UndoBar.tsx';
import { pageFrom, useUrlState } from './url-state.ts';
import { useAdminAction, type AdminWrite } from './use-admin-action.ts';

type AdminAppeal = ApiSchema<'AdminBanAppeal'>;

const quote = 'border-s-4 border-slate-300 ps-3 whitespace-pre-wrap [overflow-wrap:anywhere] dark:border-slate-600';

/** How the admins lift a ban (its own unban route, which answers the appeal) and how Undo puts it back. */
function liftRequests(subject: AdminAppeal['subject'], response: string): { lift: AdminWrite; undo: AdminWrite } {
  if (subject.type === 'publisher') {
    const params = { path: { publisherId: subject.id } };
    return {
      lift: (write) =>
        write('post', '/publishers/{publisherId}/unban', {
          params,
          ...(response ? { body: { reason: response } } : {}),
        }),
      undo: (write) =>
        write('post', '/publishers/{publisherId}/ban', { params, body: { reason: subject.ban_reason ?? '' } }),
    };
  }
  const params = { path: { userId: subject.id } };
  return {
    lift: (write) =>
      write('put', '/admin/users/{userId}', {
        params,
        body: { status: 'UserStatusActive', ...(response ? { reason: response } : {}) },
      }),
    undo: (write) =>
      write('put', '/admin/users/{userId}', {
        params,
        body: { status: 'UserStatusBanned', ...(subject.ban_reason ? { reason: subject.ban_reason } : {}) },
      }),
  };
}

function AppealItem({ item, onLifted }: { item: AdminAppeal; onLifted: (target: UndoTarget) => void }) {
  const { t, lang, base } = useAdmin();
  const { run, busy } = useAdminAction();
  const [asking, setAsking] = useState<'lift' | 'uphold' | null>(null);
  const { appeal, subject, appellant } = item;
  const name = subject.name ?? subject.id;
  const title =
    subject.type === 'publisher' ? t('adminAppeals.publisher', { name }) : t('adminAppeals.account', { name });
  const href =
    subject.type === 'publisher'
      ? localizedPath(lang, `/publishers/${subject.id}`)
      : `${base}/users?search=${encodeURIComponent(appellant.email ?? subject.id)}`;
  async function decide(verb: 'lift' | 'uphold', response: string) {
    setAsking(null);
    if (verb === 'uphold') {
      await run(
        appeal.id,
        (write) =>
          write('post', '/admin/ban-appeals/{appealId}/uphold', {
            params: { path: { appealId: appeal.id } },
            body: { response },
          }),
        t('adminAppeals.upheld', { name }),
      );
      return;
    }
    const { lift, undo } = liftRequests(subject, response);
    if (await run(appeal.id, lift, null)) {
      onLifted({ text: t('adminAppeals.lifted', { name }), request: undo });
    }
  }
  return (
    <li className={compactCard} data-testid="appeal-item">
      <h3 className="font-semibold">
        <a className="text-brand-600 underline dark:text-brand-100" href={href}>
          <bdi>{title}</bdi>
        </a>
      </h3>
      <p className={muted}>
        {subject.banned
          ? t('adminAppeals.bannedSince', { date: formatDate(subject.banned_at, lang, 'longDate') })
          : t('adminAppeals.notBanned')}
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium">{t('adminAppeals.banReason')}</dt>
        <dd dir="auto" className="[overflow-wrap:anywhere]">
          {subject.ban_reason || t('adminAppeals.noReason')}
        </dd>
        <dt className="font-medium">{t('adminAppeals.appellant')}</dt>
        <dd dir="ltr" className="text-start [overflow-wrap:anywhere]">
          {appellant.email ?? appellant.id}
        </dd>
        <dt className="font-medium">{t('adminAppeals.appealedOn')}</dt>
        <dd>{formatDate(appeal.created_at, lang, 'dateTime')}</dd>
      </dl>
      <p className="mt-2 text-xs font-medium">{t('adminAppeals.message')}</p>
      <blockquote dir="auto" className={quote}>
        {appeal.message}
      </blockquote>
      {appeal.status === 'open' ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            className={button.success}
            disabled={busy !== null || !subject.banned}
            onClick={() => setAsking('lift')}
          >
            {t('adminAppeals.lift')}
            <span className="sr-only"> ({title})</span>
          </button>
          <button type="button" className={button.danger} disabled={busy !== null} onClick={() => setAsking('uphold')}>
            {t('adminAppeals.uphold')}
            <span className="sr-only"> ({title})</span>
          </button>
        </div>
      ) : (
        <div className="mt-3 text-sm" data-testid="appeal-decision">
          <p className={muted}>
            {t(appeal.status === 'lifted' ? 'adminAppeals.decisionLifted' : 'adminAppeals.decisionUpheld', {
              date: formatDate(appeal.decided_at, lang, 'dateTime'),
              admin: item.decided_by ?? '—',
            })}
          </p>
          {appeal.response && (
            <>
              <p className="mt-1 text-xs font-medium">{t('adminAppeals.response')}</p>
              <blockquote dir="auto" className={quote}>
                {appeal.response}
              </blockquote>
            </>
          )}
        </div>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={t(asking === 'uphold' ? 'adminAppeals.upholdTitle' : 'adminAppeals.liftTitle', { name })}
        body={t(asking === 'uphold' ? 'adminAppeals.upholdBody' : 'adminAppeals.liftBody')}
        confirmLabel={t(asking === 'uphold' ? 'adminAppeals.uphold' : 'adminAppeals.lift')}
        cancelLabel={t('admin.cancel')}
        tone={asking === 'uphold' ? 'danger' : 'success'}
        pending={busy !== null}
        reason={
          asking === 'uphold'
            ? { label: t('adminAppeals.upholdReason'), required: true }
            : { label: t('adminAppeals.liftReason') }
        }
        onConfirm={(response) => asking && void decide(asking, response)}
        onClose={() => setAsking(null)}
      />
    </li>
  );
}

/** Appeals of account and publisher bans: waiting ones oldest first, answered ones newest first. */
export function AppealsQueue() {
  const { t } = useAdmin();
  const [params, setParams] = useUrlState();
  const [undo, setUndo] = useState<UndoTarget | null>(null);
  const status = params.get('status') === 'closed' ? 'closed' : 'open';
  const page = pageFrom(params);
  const query = useApiQuery('/admin/ban-appeals', { query: { status, page, limit: 20 } });
  const appeals = query.data?.appeals ?? [];
  return (
    <section aria-labelledby="admin-appeals-title" className="flex flex-col gap-4 pb-24" data-testid="admin-appeals">
      <h2 id="admin-appeals-title" className="text-xl font-semibold">
        {t('adminAppeals.heading')}
      </h2>
      <div role="group" aria-label={t('adminAppeals.show')} className="flex gap-1">
        {(['open', 'closed'] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={status === value}
            className={status === value ? button.primary : button.secondary}
            onClick={() => setParams({ status: value === 'open' ? null : value, page: null })}
          >
            {t(`adminAppeals.${value}`)}
          </button>
        ))}
      </div>
      <QueryStatus query={query} />
      {query.data && appeals.length === 0 && (
        <p className={muted}>{t(status === 'open' ? 'adminAppeals.empty' : 'adminAppeals.emptyClosed')}</p>
      )}
      {appeals.length > 0 && (
        <ul className="flex flex-col gap-3">
          {appeals.map((item) => (
            <AppealItem key={item.appeal.id} item={item} onLifted={setUndo} />
          ))}
        </ul>
      )}
      <AdminPagination list={query.data} page={page} onPage={(p) => setParams({ page: String(p) })} />
      <UndoBar target={undo} onDone={() => setUndo(null)} />
    </section>
  );
}
