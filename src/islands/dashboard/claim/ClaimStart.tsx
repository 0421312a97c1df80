import { useState } from 'react';
import { apiErrorText } from '../../../lib/api/error-text.ts';
import type { Locale } from '../../../i18n/locales.ts';
import type { MessageTree, TFunction } from '../../../i18n/translator.ts';
import { useIslandT } from '../../../i18n/use-island-t.ts';
import { dashboardPath } from '../../../lib/dashboard/paths.ts';
import { useApiMutation, useApiQuery } from '../../../lib/query/hooks.ts';
import { RequireSignIn } from '../../auth/RequireSignIn.tsx';
import { QueryRoot } from '../../query-root/QueryRoot.tsx';
import { Toaster, toast } from '../../toast/index.ts';
import { ErrorNote } from '../../ui/ErrorNote.tsx';
import { button, muted } from '../../ui/styles.ts';

interface Props {
  lang: Locale;
  messages: MessageTree;
  nodeId: string;
  repo: string;
}

/** Claim step 1: pick one of your publishers, then go to GitHub to prove you control the repository. */
export function ClaimStart(props: Props) {
  const t = useIslandT(props.lang, props.messages);
  return (
    <QueryRoot>
      <Toaster dismissLabel={t('dashboardClaim.dismiss')} />
      <RequireSignIn lang={props.lang} messages={props.messages}>
        <ChoosePublisher {...props} t={t} />
      </RequireSignIn>
    </QueryRoot>
  );
}

function ChoosePublisher({ lang, nodeId, repo, t }: Props & { t: TFunction }) {
  const publishers = useApiQuery('/users/publishers/');
  const [chosen, setChosen] = useState('');
  // Starting a claim changes nothing the page shows: the claim is recorded when GitHub sends the user back.
  const start = useApiMutation('post', '/github/oauth/start', { invalidates: [] });
  // Stays "redirecting" after success: the browser is on its way to GitHub.
  const busy = start.isPending || start.isSuccess;

  if (publishers.isError) return <ErrorNote message={apiErrorText(t, publishers.error)} />;
  if (!publishers.data) {
    return (
      <p role="status" className={muted}>
        {t('dashboardClaim.loading')}
      </p>
    );
  }
  if (publishers.data.length === 0) {
    return (
      <p className="text-sm">
        {t('dashboardClaim.noPublishers')}{' '}
        <a className="text-brand-700 underline dark:text-brand-100" href={dashboardPath(lang)}>
          {t('dashboardClaim.createPublisher')}
        </a>
      </p>
    );
  }
  const selected = chosen || (publishers.data.length === 1 ? publishers.data[0]!.id : '');
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!selected || busy) return;
        start.mutate(
          { body: { publisherId: selected, nodeId, lang, returnPath: dashboardPath(lang) } },
          {
            onSuccess: ({ authorizeUrl }) => location.assign(authorizeUrl),
            onError: (error) => toast.error(apiErrorText(t, error)),
          },
        );
      }}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">{t('dashboardClaim.choosePublisher')}</legend>
        {publishers.data.map((publisher) => (
          <label
            key={publisher.id}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 has-[:checked]:border-brand-500 dark:border-slate-700"
          >
            <input
              type="radio"
              name="publisher"
              value={publisher.id}
              checked={selected === publisher.id}
              onChange={() => setChosen(publisher.id)}
            />
            <span>
              {publisher.name || publisher.id}{' '}
              <span className={`${muted} font-mono`} dir="ltr">
                @{publisher.id}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className={muted}>{t('dashboardClaim.explain', { repo })}</p>
      <ErrorNote message={start.error ? apiErrorText(t, start.error) : null} />
      <div>
        <button type="submit" className={button.primary} disabled={!selected || busy}>
          {busy ? t('dashboardClaim.redirecting') : t('dashboardClaim.continue')}
        </button>
      </div>
    </form>
  );
}
