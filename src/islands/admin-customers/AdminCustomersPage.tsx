import type { Locale } from '../../i18n/locales.ts';
import type { MessageTree, TFunction } from '../../i18n/translator.ts';
import { useIslandT } from '../../i18n/use-island-t.ts';
import { RequireSignIn } from '../auth/RequireSignIn.tsx';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { muted } from '../ui/styles.ts';
import { QueryRoot } from '../query-root/QueryRoot.tsx';
import { Toaster } from '../toast/index.ts';
import { CustomersAdmin } from './CustomersAdmin.tsx';

interface Props {
  lang: Locale;
  /** The auth sections plus `account` and `adminCustomers`. */
  messages: MessageTree;
}

/** Admins only; everyone else sees a 403 notice (the API refuses them anyway). */
function AdminGate({ t, lang }: { t: TFunction; lang: Locale }) {
  const user = useCurrentUser();
  if (user.isPending) return <p className={muted}>{t('adminCustomers.loading')}</p>;
  if (!user.data?.isAdmin) {
    return (
      <p
        role="alert"
        className="rounded-lg border border-red-300 p-4 text-red-800 dark:border-red-800 dark:text-red-200"
        data-testid="admin-forbidden"
      >
        {t('adminCustomers.forbidden')}
      </p>
    );
  }
  return <CustomersAdmin t={t} lang={lang} />;
}

export function AdminCustomersPage({ lang, messages }: Props) {
  const t = useIslandT(lang, messages);
  return (
    <QueryRoot>
      <Toaster dismissLabel={t('account.dismiss')} />
      <RequireSignIn lang={lang} messages={messages}>
        <AdminGate t={t} lang={lang} />
      </RequireSignIn>
    </QueryRoot>
  );
}
