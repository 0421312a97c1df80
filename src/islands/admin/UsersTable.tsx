import { useState } from 'react';
import type { ApiSchema } from '../../lib/api/types.ts';
import { useApiQuery, type ApiWrite } from '../../lib/query/hooks.ts';
import { useAdmin } from './context.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { PagedTable } from './PagedTable.tsx';
import { SearchForm } from './SearchForm.tsx';
import { StatusPill } from './StatusPill.tsx';
import { button, row, td } from '../ui/styles.ts';
import { pageFrom, useUrlState } from './url-state.ts';
import { UndoBar, type UndoTarget } from './UndoBar.tsx';
import { useAdminAction } from './use-admin-action.ts';

type UserPage = ApiSchema<'AdminUserList'>;
type AdminUser = UserPage['users'][number];
type UserUpdate = ApiSchema<'AdminUpdateUserRequest'>;
type Decision = { user: AdminUser; verb: 'grant' | 'revoke' | 'ban' | 'unban' | 'trust' | 'untrust' };

const DIALOG_KEYS = {
  grant: { title: 'admin.users.confirmGrant', body: 'admin.users.grantBody', confirm: 'admin.users.grantConfirm' },
  revoke: { title: 'admin.users.confirmRevoke', body: 'admin.users.revokeBody', confirm: 'admin.users.revokeConfirm' },
  ban: { title: 'admin.users.banTitle', body: 'admin.users.banBody', confirm: 'admin.users.banConfirm' },
  unban: { title: 'admin.users.unbanTitle', body: 'admin.users.unbanBody', confirm: 'admin.users.unbanConfirm' },
  // Trusted reporters (issue 30): their reports can quarantine packs (docs/moderation.md § Quarantine).
  trust: {
    title: 'quarantine.users.trustTitle',
    body: 'quarantine.users.trustBody',
    confirm: 'quarantine.users.trust',
  },
  untrust: {
    title: 'quarantine.users.untrustTitle',
    body: 'quarantine.users.untrustBody',
    confirm: 'quarantine.users.untrust',
  },
} as const;

export function UsersTable() {
  const { t, userId } = useAdmin();
  const [params, setParams] = useUrlState();
  const page = pageFrom(params);
  const search = params.get('search') ?? '';
  const admins = params.get('admins') === 'true';
  const banned = params.get('banned') === 'true';
  const query = useApiQuery('/admin/users', {
    query: {
      page,
      limit: 20,
      ...(search ? { search } : {}),
      ...(admins ? { admins: true } : {}),
      ...(banned ? { banned: true } : {}),
    },
  });
  const { run, busy } = useAdminAction();
  // Rights and bans ask in the app's dialog first; a ban needs a reason (listed with the user and kept in the audit
  // entry) and then offers Undo, like node and publisher bans. The server refuses self-demotion and self-bans anyway.
  const [asking, setAsking] = useState<Decision | null>(null);
  const [undo, setUndo] = useState<UndoTarget | null>(null);
  const labelOf = (user: AdminUser) => user.email ?? user.id;
  // In plain-text messages (dialog title, Undo bar, toasts) the address is wrapped in Unicode isolates, so a Latin
  // e-mail inside an Arabic sentence keeps its own order instead of being scrambled by the bidi algorithm.
  const named = (user: AdminUser) => ({ user: `\u2068${labelOf(user)}\u2069` });
  const update = (user: AdminUser, body: UserUpdate) => (write: ApiWrite) =>
    write('put', '/admin/users/{userId}', { params: { path: { userId: user.id } }, body });
  async function decide(reason: string) {
    if (!asking) return;
    const { user, verb } = asking;
    setAsking(null);
    const name = named(user);
    if (verb === 'grant' || verb === 'revoke') {
      await run(user.id, update(user, { isAdmin: verb === 'grant' }), t('admin.users.saved', name));
      return;
    }
    if (verb === 'trust' || verb === 'untrust') {
      const trusting = verb === 'trust';
      const done = await run(user.id, update(user, { isTrustedReporter: trusting }), null);
      if (done) {
        setUndo({
          text: t(trusting ? 'quarantine.users.trusted' : 'quarantine.users.untrusted', name),
          request: update(user, { isTrustedReporter: !trusting }),
        });
      }
      return;
    }
    const banning = verb === 'ban';
    const done = await run(
      user.id,
      update(user, banning ? { status: 'UserStatusBanned', reason } : { status: 'UserStatusActive' }),
      banning ? null : t('admin.users.done.unban', name),
    );
    if (done && banning) {
      setUndo({
        text: t('admin.users.done.ban', name),
        request: update(user, { status: 'UserStatusActive' }),
      });
    }
  }
  const keys = asking ? DIALOG_KEYS[asking.verb] : null;
  return (
    <section aria-labelledby="admin-users-title" className="flex flex-col gap-4">
      <h2 id="admin-users-title" className="text-xl font-semibold">
        {t('admin.users.title')}
      </h2>
      <SearchForm
        label={t('admin.users.search')}
        value={search}
        onSearch={(value, form) =>
          setParams({
            search: value,
            admins: form.get('admins') ? 'true' : null,
            banned: form.get('banned') ? 'true' : null,
            page: null,
          })
        }
      >
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input type="checkbox" name="admins" defaultChecked={admins} className="h-4 w-4" />
          {t('admin.users.adminsOnly')}
        </label>
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input type="checkbox" name="banned" defaultChecked={banned} className="h-4 w-4" />
          {t('modPolish.users.bannedOnly')}
        </label>
      </SearchForm>
      <PagedTable
        query={query}
        page={page}
        onPage={(n) => setParams({ page: String(n) })}
        caption={(data) => t('admin.users.caption', { count: data.total })}
        columns={[
          { key: 'user', label: t('admin.users.col.user') },
          { key: 'status', label: t('admin.nodes.col.status') },
          { key: 'admin', label: t('admin.users.col.admin') },
          { key: 'trusted', label: t('quarantine.users.column') },
          { key: 'actions', label: t('admin.nodes.col.actions') },
        ]}
      >
        {(data) =>
          data.users.map((user) => {
            const banned = user.status === 'UserStatusBanned';
            const self = user.id === userId;
            return (
              <tr key={user.id} className={row}>
                <td className={td}>
                  <div className="font-medium" dir="ltr">
                    {labelOf(user)}
                  </div>
                  {user.name && <div className="text-xs text-slate-600 dark:text-slate-300">{user.name}</div>}
                </td>
                <td className={td}>
                  <StatusPill status={user.status} />
                  {banned && user.banReason && (
                    <p className="mt-1 max-w-xs text-xs wrap-anywhere text-slate-600 dark:text-slate-300">
                      {t('admin.users.bannedFor')} <bdi>{user.banReason}</bdi>
                    </p>
                  )}
                </td>
                <td className={td}>
                  <button
                    type="button"
                    role="switch"
                    aria-checked={user.isAdmin}
                    className={user.isAdmin ? button.primary : button.secondary}
                    disabled={busy === user.id || self}
                    onClick={() => setAsking({ user, verb: user.isAdmin ? 'revoke' : 'grant' })}
                  >
                    {user.isAdmin ? t('admin.users.isAdmin') : t('admin.users.notAdmin')}
                    <span className="sr-only"> {labelOf(user)}</span>
                  </button>
                </td>
                <td className={td}>
                  <button
                    type="button"
                    role="switch"
                    aria-checked={user.isTrustedReporter}
                    className={user.isTrustedReporter ? button.primary : button.secondary}
                    disabled={busy === user.id}
                    onClick={() => setAsking({ user, verb: user.isTrustedReporter ? 'untrust' : 'trust' })}
                  >
                    {user.isTrustedReporter ? t('quarantine.users.isTrusted') : t('quarantine.users.notTrusted')}
                    <span className="sr-only"> {labelOf(user)}</span>
                  </button>
                </td>
                <td className={td}>
                  {/* No ban button on your own row: an admin who bans themselves locks the registry out. */}
                  {self ? (
                    <span className="text-xs text-slate-600 dark:text-slate-300">{t('admin.users.you')}</span>
                  ) : (
                    <button
                      type="button"
                      className={banned ? button.secondary : button.danger}
                      disabled={busy === user.id}
                      onClick={() => setAsking({ user, verb: banned ? 'unban' : 'ban' })}
                    >
                      {banned ? t('admin.nodes.unban') : t('admin.nodes.ban')}
                      <span className="sr-only"> {labelOf(user)}</span>
                    </button>
                  )}
                </td>
              </tr>
            );
          })
        }
      </PagedTable>
      <ConfirmDialog
        open={asking !== null}
        title={asking && keys ? t(keys.title, named(asking.user)) : ''}
        body={keys ? t(keys.body) : ''}
        confirmLabel={keys ? t(keys.confirm) : ''}
        cancelLabel={t('admin.cancel')}
        tone={asking?.verb === 'grant' || asking?.verb === 'unban' || asking?.verb === 'trust' ? 'primary' : 'danger'}
        pending={busy !== null}
        {...(asking?.verb === 'ban'
          ? { reason: { label: t('admin.users.banReason'), hint: t('admin.users.banReasonHint'), required: true } }
          : {})}
        onConfirm={(reason) => void decide(reason)}
        onClose={() => setAsking(null)}
      />
      <UndoBar target={undo} onDone={() => setUndo(null)} />
    </section>
  );
}
