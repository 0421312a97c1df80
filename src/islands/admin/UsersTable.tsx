import { useState } from 'react';
import type { ApiSchema } from '../../lib/api/types.ts';
import { useApiQuery } from '../../lib/query/hooks.ts';
import { useAdmin } from './context.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { PagedTable } from './PagedTable.tsx';
import { SearchForm } from './SearchForm.tsx';
import { StatusPill } from './StatusPill.tsx';
import { button, row, td } from '../ui/styles.ts';
import { pageFrom, useUrlState } from './url-state.ts';
import { useAdminAction } from './use-admin-action.ts';

type UserPage = ApiSchema<'AdminUserList'>;

export function UsersTable() {
  const { t, userId } = useAdmin();
  const [params, setParams] = useUrlState();
  const page = pageFrom(params);
  const search = params.get('search') ?? '';
  const admins = params.get('admins') === 'true';
  const query = useApiQuery<UserPage>('/admin/users', {
    page,
    limit: 20,
    ...(search ? { search } : {}),
    ...(admins ? { admins: true } : {}),
  });
  const { run, busy } = useAdminAction();
  // Granting or revoking administrator rights asks in the app's dialog first.
  const [asking, setAsking] = useState<{ user: UserPage['users'][number]; isAdmin: boolean } | null>(null);
  const labelOf = (user: UserPage['users'][number]) => user.email ?? user.id;
  function decide() {
    if (!asking) return;
    const { user, isAdmin } = asking;
    setAsking(null);
    void run(
      user.id,
      'PUT',
      `/admin/users/${encodeURIComponent(user.id)}`,
      { isAdmin },
      t('admin.users.saved', { user: labelOf(user) }),
    );
  }
  return (
    <section aria-labelledby="admin-users-title" className="flex flex-col gap-4">
      <h2 id="admin-users-title" className="text-xl font-semibold">
        {t('admin.users.title')}
      </h2>
      <SearchForm
        label={t('admin.users.search')}
        value={search}
        onSearch={(value, form) => setParams({ search: value, admins: form.get('admins') ? 'true' : null, page: null })}
      >
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input type="checkbox" name="admins" defaultChecked={admins} className="h-4 w-4" />
          {t('admin.users.adminsOnly')}
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
        ]}
      >
        {(data) =>
          data.users.map((user) => (
            <tr key={user.id} className={row}>
              <td className={td}>
                <div className="font-medium" dir="ltr">
                  {user.email ?? user.id}
                </div>
                {user.name && <div className="text-xs text-slate-600 dark:text-slate-300">{user.name}</div>}
              </td>
              <td className={td}>
                <StatusPill status={user.status} />
              </td>
              <td className={td}>
                <button
                  type="button"
                  role="switch"
                  aria-checked={user.isAdmin}
                  className={user.isAdmin ? button.primary : button.secondary}
                  disabled={busy === user.id || user.id === userId}
                  onClick={() => setAsking({ user, isAdmin: !user.isAdmin })}
                >
                  {user.isAdmin ? t('admin.users.isAdmin') : t('admin.users.notAdmin')}
                  <span className="sr-only"> {user.email ?? user.id}</span>
                </button>
              </td>
            </tr>
          ))
        }
      </PagedTable>
      <ConfirmDialog
        open={asking !== null}
        title={
          asking
            ? t(asking.isAdmin ? 'admin.users.confirmGrant' : 'admin.users.confirmRevoke', {
                user: labelOf(asking.user),
              })
            : ''
        }
        body={asking ? t(asking.isAdmin ? 'admin.users.grantBody' : 'admin.users.revokeBody') : ''}
        confirmLabel={asking ? t(asking.isAdmin ? 'admin.users.grantConfirm' : 'admin.users.revokeConfirm') : ''}
        cancelLabel={t('admin.cancel')}
        tone={asking?.isAdmin ? 'primary' : 'danger'}
        pending={busy !== null}
        onConfirm={decide}
        onClose={() => setAsking(null)}
      />
    </section>
  );
}
