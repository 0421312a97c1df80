import { publishCommand, pyprojectSnippet, reachableWithDevEnvironment } from '../../lib/dashboard/publish-steps.ts';
import { useDashboard } from './context.ts';
import { card, muted } from '../ui/styles.ts';

const codeClass =
  'mt-2 block overflow-x-auto rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm whitespace-pre text-slate-900 dark:bg-slate-900 dark:text-slate-100';

/**
 * The exact `comfy node publish` steps, with the user's publisher id and this registry's API
 * address filled in. Open by default for people who have not published yet.
 */
export function PublishHelp({ publisherId, open }: { publisherId: string | undefined; open: boolean }) {
  const { t, apiUrl } = useDashboard();
  const id = publisherId ?? 'your-publisher-id';
  const local = reachableWithDevEnvironment(apiUrl);
  return (
    <details className={card} open={open} data-testid="publish-help">
      <summary className="cursor-pointer text-lg font-semibold">{t('dashboard.publish.heading')}</summary>
      <ol className="mt-4 flex list-decimal flex-col gap-4 ps-6 text-sm">
        <li>
          {t('dashboard.publish.install')}
          <code dir="ltr" className={codeClass}>
            pip install comfy-cli
          </code>
        </li>
        <li>
          {t('dashboard.publish.pyproject')}
          <code dir="ltr" className={codeClass}>
            {`comfy node init\n\n# pyproject.toml\n${pyprojectSnippet(id)}`}
          </code>
        </li>
        <li>{t('dashboard.publish.token')}</li>
        <li>
          {t('dashboard.publish.run')}
          <code dir="ltr" className={codeClass}>
            {`export REGISTRY_ACCESS_TOKEN=nyd_pat_…\n${publishCommand(apiUrl)}`}
          </code>
          <p className={`${muted} mt-2`}>
            {local
              ? t('dashboard.publish.registryDev', { url: apiUrl })
              : t('dashboard.publish.registryOther', { url: apiUrl })}
          </p>
        </li>
        <li>{t('dashboard.publish.after')}</li>
      </ol>
    </details>
  );
}
