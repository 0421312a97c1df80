import { useMemo, type ReactNode } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import type { MessageTree, TFunction } from '../../i18n/translator.ts';
import { useIslandT } from '../../i18n/use-island-t.ts';
import { localizedPath } from '../../lib/locale-path.ts';
import { AdvisoriesAdmin } from '../admin-advisories/AdvisoriesAdmin.tsx';
import { CustomersAdmin } from '../admin-customers/CustomersAdmin.tsx';
import { RequireSignIn } from '../auth/RequireSignIn.tsx';
import { Spinner } from '../auth/Spinner.tsx';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { QueryRoot } from '../query-root/QueryRoot.tsx';
import { Toaster } from '../toast/index.ts';
import { AddNodeForm } from './AddNodeForm.tsx';
import { AdminNav } from './AdminNav.tsx';
import { AppealsQueue } from './AppealsQueue.tsx';
import { AuditLog } from './AuditLog.tsx';
import { AdminContext } from './context.ts';
import { NodesTable } from './NodesTable.tsx';
import { Overview } from './Overview.tsx';
import { PublishersTable } from './PublishersTable.tsx';
import { ReportsQueue } from './ReportsQueue.tsx';
import { ReviewQueue } from './ReviewQueue.tsx';
import type { AdminSectionId } from './sections.ts';
import { UsersTable } from './UsersTable.tsx';

interface Props {
  lang: Locale;
  /** The auth sections plus `admin`. */
  messages: MessageTree;
  section: AdminSectionId;
}

const SCREENS: Partial<Record<AdminSectionId, (t: TFunction, lang: Locale) => ReactNode>> = {
  overview: () => <Overview />,
  review: () => <ReviewQueue />,
  reports: () => <ReportsQueue />,
  appeals: () => <AppealsQueue />,
  nodes: () => <NodesTable />,
  publishers: () => <PublishersTable />,
  users: () => <UsersTable />,
  audit: () => <AuditLog />,
  advisories: () => <AdvisoriesAdmin />,
  addNode: () => <AddNodeForm />,
  // Credits and events of customers: its own island's view, inside the admin frame and navigation.
  customers: (t, lang) => <CustomersAdmin t={t} lang={lang} />,
};

/** Admins see the screen; other signed-in people a 403 notice (the API refuses them anyway). */
function AdminGate({ lang, section, t }: { lang: Locale; section: AdminSectionId; t: TFunction }) {
  const me = useCurrentUser();
  const env = useMemo(
    () => (me.data ? { lang, t, base: localizedPath(lang, '/admin'), userId: me.data.id } : null),
    [lang, t, me.data],
  );
  if (me.isPending) return <Spinner label={t('admin.loading')} />;
  if (!me.data?.isAdmin || !env) {
    return (
      <div role="alert" data-testid="admin-forbidden" className="mx-auto max-w-xl py-16 text-center">
        <p className="text-5xl font-bold text-slate-400">403</p>
        <h2 className="mt-4 text-xl font-semibold">{t('admin.forbidden.title')}</h2>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{t('admin.forbidden.body')}</p>
        <a className="mt-6 inline-block text-brand-600 underline dark:text-brand-100" href={localizedPath(lang, '/')}>
          {t('admin.forbidden.home')}
        </a>
      </div>
    );
  }
  return (
    <AdminContext value={env}>
      <AdminNav current={section} />
      {SCREENS[section]?.(t, lang)}
    </AdminContext>
  );
}

export function AdminApp({ lang, messages, section }: Props) {
  const t = useIslandT(lang, messages);
  return (
    <QueryRoot>
      <Toaster dismissLabel={t('admin.dismiss')} />
      <RequireSignIn lang={lang} messages={messages}>
        <AdminGate lang={lang} section={section} t={t} />
      </RequireSignIn>
    </QueryRoot>
  );
}
