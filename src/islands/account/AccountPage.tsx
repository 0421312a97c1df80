import type { Locale } from '../../i18n/locales.ts';
import type { MessageTree } from '../../i18n/translator.ts';
import { useIslandT } from '../../i18n/use-island-t.ts';
import { RequireSignIn } from '../auth/RequireSignIn.tsx';
import { QueryRoot } from '../query-root/QueryRoot.tsx';
import { Toaster } from '../toast/index.ts';
import { AccountContent } from './AccountContent.tsx';
import { SecuritySection } from './security/SecuritySection.tsx';

interface Props {
  lang: Locale;
  /** The auth sections plus `account`, `accountSecurity` and `authErrors`. */
  messages: MessageTree;
}

/** The account island: balance, API keys, usage, sign-in and security. Signed-in users only (others go to login and back). */
export function AccountPage({ lang, messages }: Props) {
  const t = useIslandT(lang, messages);
  return (
    <QueryRoot>
      <Toaster dismissLabel={t('account.dismiss')} />
      <RequireSignIn lang={lang} messages={messages}>
        <div className="flex flex-col gap-6">
          <AccountContent t={t} lang={lang} />
          {/* Outside the credits record: signing in safely must not wait for (or fail with) it. */}
          <SecuritySection t={t} lang={lang} />
        </div>
      </RequireSignIn>
    </QueryRoot>
  );
}
