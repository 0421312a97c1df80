import { useState } from 'react';
import { NO_CACHE_HEADERS } from '../../lib/api/client.ts';
import type { ApiSchema } from '../../lib/api/types.ts';
import { useAdmin } from '../admin/context.ts';
import { useAdminAction } from '../admin/use-admin-action.ts';
import { useApiQuery } from '../../lib/query/hooks.ts';
import { toast } from '../toast/index.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { ErrorNote } from '../ui/ErrorNote.tsx';
import { button, row, td, th } from '../ui/styles.ts';
import { draftFromOsv, emptyDraft, type AdvisoryDraft } from './advisory-draft.ts';
import { AdvisoryFormDialog } from './AdvisoryFormDialog.tsx';

type AdvisoryList = ApiSchema<'AdvisoryList'>;
type Advisory = AdvisoryList['advisories'][number];

/** Admin screen /{lang}/admin/advisories: every advisory (withdrawn ones too), create, edit, withdraw. */
export function AdvisoriesAdmin() {
  const { t } = useAdmin();
  // The feed holds thousands at most: one page of the largest size, newest id first. Read past every cache:
  // right after a write the list must show it (the feed is a cached public answer).
  const query = useApiQuery('/advisories', { query: { limit: 500 } }, { headers: NO_CACHE_HEADERS });
  const { run, busy } = useAdminAction();
  const [editing, setEditing] = useState<{ id: string | null; draft: AdvisoryDraft } | null>(null);
  const [withdrawing, setWithdrawing] = useState<Advisory | null>(null);
  const advisories = [...(query.data?.advisories ?? [])].sort((a, b) => (a.id < b.id ? 1 : -1));

  async function withdraw() {
    if (!withdrawing) return;
    const { id } = withdrawing;
    setWithdrawing(null);
    await run(
      id,
      (write) => write('post', '/admin/advisories/{advisoryId}/withdraw', { params: { path: { advisoryId: id } } }),
      t('adminAdvisories.withdrawn', { id }),
    );
  }

  return (
    <section aria-labelledby="admin-advisories-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="admin-advisories-title" className="text-xl font-semibold">
          {t('adminAdvisories.title')}
        </h2>
        <button type="button" className={button.primary} onClick={() => setEditing({ id: null, draft: emptyDraft() })}>
          {t('adminAdvisories.new')}
        </button>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('adminAdvisories.intro')}</p>
      {query.isError && <ErrorNote message={t('adminAdvisories.loadFailed')} />}
      {query.data && advisories.length === 0 && (
        <p className="text-sm" data-testid="advisories-empty">
          {t('adminAdvisories.empty')}
        </p>
      )}
      {advisories.length > 0 && (
        <div className="relative overflow-x-auto">
          <table className="w-full text-start">
            <caption className="sr-only">{t('adminAdvisories.title')}</caption>
            <thead>
              <tr>
                <th scope="col" className={th}>
                  {t('adminAdvisories.col.advisory')}
                </th>
                <th scope="col" className={th}>
                  {t('adminAdvisories.col.affects')}
                </th>
                <th scope="col" className={th}>
                  {t('adminAdvisories.col.state')}
                </th>
                <th scope="col" className={th}>
                  {t('adminAdvisories.col.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {advisories.map((advisory) => (
                <tr key={advisory.id} className={row} data-testid="advisory-row" data-advisory-id={advisory.id}>
                  <td className={td}>
                    <span className="font-mono text-xs" dir="ltr">
                      {advisory.id}
                    </span>
                    <div className="font-medium" dir="auto">
                      {advisory.summary}
                    </div>
                    <div className="text-xs text-slate-600 dark:text-slate-300">
                      {t(`advisories.severity.${advisory.database_specific.severity}`)} ·{' '}
                      {t(`adminAdvisories.kind.${advisory.database_specific.kind}`)}
                    </div>
                  </td>
                  <td className={td}>
                    <ul>
                      {advisory.affected.map((entry) => (
                        <li key={`${entry.package.ecosystem}:${entry.package.name}`}>
                          {t(`adminAdvisories.ecosystem.${entry.package.ecosystem}`)}{' '}
                          <span className="font-mono" dir="ltr">
                            {entry.package.name}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className={`${td} whitespace-nowrap`} data-testid="advisory-state">
                    {advisory.withdrawn ? t('adminAdvisories.state.withdrawn') : t('adminAdvisories.state.active')}
                  </td>
                  <td className={td}>
                    {!advisory.withdrawn && (
                      <div className="flex flex-wrap gap-2">
                        <button
                          type="button"
                          className={button.secondary}
                          onClick={() => setEditing({ id: advisory.id, draft: draftFromOsv(advisory) })}
                        >
                          {t('adminAdvisories.edit', { id: advisory.id })}
                        </button>
                        <button
                          type="button"
                          className={button.dangerGhost}
                          disabled={busy === advisory.id}
                          onClick={() => setWithdrawing(advisory)}
                        >
                          {t('adminAdvisories.withdraw', { id: advisory.id })}
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && (
        <AdvisoryFormDialog
          advisoryId={editing.id}
          initial={editing.draft}
          onClose={() => setEditing(null)}
          onSaved={(id) => {
            setEditing(null);
            toast.success(t('adminAdvisories.saved', { id }));
          }}
        />
      )}
      <ConfirmDialog
        open={withdrawing !== null}
        title={t('adminAdvisories.withdrawTitle', { id: withdrawing?.id ?? '' })}
        body={t('adminAdvisories.withdrawBody')}
        confirmLabel={t('adminAdvisories.withdrawConfirm')}
        cancelLabel={t('adminAdvisories.form.cancel')}
        pending={busy !== null}
        tone="danger"
        onConfirm={() => void withdraw()}
        onClose={() => setWithdrawing(null)}
      />
    </section>
  );
}
