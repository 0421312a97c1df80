import { useMemo } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import type { MessageTree } from '../../i18n/translator.ts';
import { useIslandT } from '../../i18n/use-island-t.ts';
import { RequireSignIn } from '../auth/RequireSignIn.tsx';
import { QueryRoot } from '../query-root/QueryRoot.tsx';
import { Toaster } from '../toast/index.ts';
import { DashboardContext } from './context.ts';
import { DashboardContent } from './DashboardContent.tsx';

interface Props {
  lang: Locale;
  /** The auth sections plus `dashboard`. */
  messages: MessageTree;
  apiUrl: string;
  claimConfigured: boolean;
}

/** The "Your nodes" island: signed-in users only (others go to login and come back). */
export function Dashboard({ lang, messages, apiUrl, claimConfigured }: Props) {
  const t = useIslandT(lang, messages);
  const env = useMemo(() => ({ lang, t, apiUrl, claimConfigured }), [lang, t, apiUrl, claimConfigured]);
  return (
    <QueryRoot>
      <DashboardContext value={env}>
        <Toaster dismissLabel={t('dashboard.dismiss')} />
        <RequireSignIn lang={lang} messages={messages}>
          <DashboardContent />
        </RequireSignIn>
      </DashboardContext>
    </QueryRoot>
  );
}
