import { apiErrorText } from '../../../lib/api/error-text.ts';
import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../../i18n/locales.ts';
import type { MessageTree, TFunction } from '../../../i18n/translator.ts';
import { useIslandT } from '../../../i18n/use-island-t.ts';
import { readCallbackParams, type CallbackParams } from '../../../lib/dashboard/oauth-callback.ts';
import { dashboardPath } from '../../../lib/dashboard/paths.ts';
import { nodeChangedKeys } from '../../../lib/dashboard/query-keys.ts';
import { useApiMutation } from '../../../lib/query/hooks.ts';
import { safeReturnPath } from '../../../lib/from-url.ts';
import { RequireSignIn } from '../../auth/RequireSignIn.tsx';
import { QueryRoot } from '../../query-root/QueryRoot.tsx';
import { Toaster, toast } from '../../toast/index.ts';
import { ErrorNote } from '../../ui/ErrorNote.tsx';
import { muted } from '../../ui/styles.ts';

interface Props {
  lang: Locale;
  messages: MessageTree;
}

/** Claim step 2, where GitHub sends the browser back: hand code and state to the server, show the result. */
export function ClaimCallback({ lang, messages }: Props) {
  const t = useIslandT(lang, messages);
  return (
    <QueryRoot>
      <Toaster dismissLabel={t('dashboardClaim.dismiss')} />
      <RequireSignIn lang={lang} messages={messages}>
        <FinishClaim lang={lang} t={t} />
      </RequireSignIn>
    </QueryRoot>
  );
}

function FinishClaim({ lang, t }: { lang: Locale; t: TFunction }) {
  const [params, setParams] = useState<CallbackParams | null>(null);
  const sent = useRef(false);
  const complete = useApiMutation('post', '/github/oauth/complete', {
    invalidates: (_request, result) => nodeChangedKeys(result.publisherId, result.nodeId),
  });

  const { mutate } = complete;
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const read = readCallbackParams(location.search);
    setParams(read);
    // The code is single-use and only meaningful to our server: keep it out of history and referrers.
    history.replaceState(history.state, '', location.pathname);
    if (read.kind === 'ok') {
      mutate(
        { body: { code: read.code, state: read.state } },
        {
          onSuccess: (result) =>
            toast.success(t('dashboardClaim.success', { node: result.nodeId, publisher: result.publisherId })),
        },
      );
    }
  }, [mutate, t]);

  const back = (path: string) => (
    <a className="text-brand-700 underline dark:text-brand-100" href={safeReturnPath(path, dashboardPath(lang))}>
      {t('dashboardClaim.back')}
    </a>
  );

  if (!params) return null;
  if (params.kind === 'denied') {
    return (
      <div className="flex flex-col gap-3" data-testid="claim-result">
        <ErrorNote message={t('dashboardClaim.denied')} />
        {back(dashboardPath(lang))}
      </div>
    );
  }
  if (params.kind === 'missing') {
    return (
      <div className="flex flex-col gap-3" data-testid="claim-result">
        <ErrorNote message={t('dashboardClaim.missingParams')} />
        {back(dashboardPath(lang))}
      </div>
    );
  }
  if (complete.isSuccess) {
    return (
      <div className="flex flex-col gap-3" data-testid="claim-result">
        <p role="status" className="text-emerald-800 dark:text-emerald-200">
          {t('dashboardClaim.success', { node: complete.data.nodeId, publisher: complete.data.publisherId })}
        </p>
        {back(complete.data.returnPath)}
      </div>
    );
  }
  if (complete.isError) {
    return (
      <div className="flex flex-col gap-3" data-testid="claim-result">
        <ErrorNote message={t('dashboardClaim.failed', { message: apiErrorText(t, complete.error) })} />
        {back(dashboardPath(lang))}
      </div>
    );
  }
  return (
    <p role="status" className={muted}>
      {t('dashboardClaim.verifying')}
    </p>
  );
}
