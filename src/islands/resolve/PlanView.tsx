import type { Locale } from '../../i18n/locales.ts';
import type { MessageTree } from '../../i18n/translator.ts';
import { useIslandT } from '../../i18n/use-island-t.ts';
import { localizedPath } from '../../lib/locale-path.ts';
import { CopyButton } from '../copy-button/CopyButton.tsx';
import type { InstallPlan, PlanPack } from './plan-types.ts';

interface Props {
  plan: InstallPlan;
  /** The file name (or "pasted JSON") the plan is for. */
  source: string | undefined;
  lang: Locale;
  messages: MessageTree;
}

const card = 'rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900';
const link = 'text-brand-700 underline dark:text-brand-100';
const chip = 'rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs dark:bg-slate-800';

function ClassList({ classes }: { classes: string[] }) {
  return (
    <ul className="mt-1 flex flex-wrap gap-1.5" dir="ltr">
      {classes.map((name) => (
        <li key={name}>
          <code className={chip}>{name}</code>
        </li>
      ))}
    </ul>
  );
}

function PackItem({ pack, lang, messages }: { pack: PlanPack; lang: Locale; messages: MessageTree }) {
  const t = useIslandT(lang, messages);
  const nodeHref = (id: string) => localizedPath(lang, `/nodes/${encodeURIComponent(id)}`);
  return (
    <li className={card} data-testid="resolve-pack" data-pack-id={pack.id}>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <a href={nodeHref(pack.id)} className={`${link} font-semibold`}>
          {pack.name}
        </a>
        <code className="text-sm text-slate-600 dark:text-slate-300" dir="ltr">
          {pack.id}
        </code>
        <span className="text-sm text-slate-600 dark:text-slate-300">
          {pack.latest_version ? t('resolve.version', { version: pack.latest_version }) : t('resolve.noVersion')}
        </span>
      </div>
      <p className="mt-2 text-sm font-medium">{t('resolve.classesLabel')}</p>
      <ClassList classes={pack.classes} />
      {pack.alternatives && pack.alternatives.length > 0 && (
        <div className="mt-3 text-sm" data-testid="resolve-alternatives">
          <p className="font-medium">{t('resolve.alternativesLabel')}</p>
          <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
            {pack.alternatives.map((alternative) => (
              <li key={alternative.id}>
                <a href={nodeHref(alternative.id)} className={link}>
                  {alternative.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}

/** The install plan: command to copy, packs with their classes and alternatives, built-ins, what is missing. */
export function PlanView({ plan, source, lang, messages }: Props) {
  const t = useIslandT(lang, messages);
  return (
    <section aria-labelledby="resolve-plan-heading" className="space-y-6" data-testid="resolve-plan">
      <div>
        <h2 id="resolve-plan-heading" className="text-2xl font-bold tracking-tight">
          {t('resolve.planHeading')}
        </h2>
        {source && (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('resolve.source', { name: source })}</p>
        )}
        <p className="mt-2" data-testid="resolve-summary">
          {t('resolve.summary', {
            packs: plan.packs.length,
            core: plan.core.length,
            unresolved: plan.unresolved.length,
          })}
        </p>
      </div>

      {plan.packs.length === 0 && plan.unresolved.length === 0 && <p>{t('resolve.nothingNeeded')}</p>}

      {plan.install_command && (
        <div>
          <h3 className="text-lg font-semibold">{t('resolve.commandHeading')}</h3>
          <div className="mt-2 flex items-start gap-2">
            <pre
              className="min-w-0 flex-1 overflow-x-auto rounded-lg bg-slate-900 p-3 text-sm text-slate-100"
              dir="ltr"
              tabIndex={0}
              aria-label={t('resolve.commandHeading')}
            >
              <code data-testid="resolve-command">{plan.install_command}</code>
            </pre>
            <CopyButton text={plan.install_command} messages={messages} />
          </div>
        </div>
      )}

      {plan.manual_installs.length > 0 && (
        <div data-testid="resolve-manual">
          <h3 className="text-lg font-semibold">{t('resolve.manualHeading')}</h3>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('resolve.manualLead')}</p>
          <ul className="mt-2 space-y-1 text-sm">
            {plan.manual_installs.map((pack) => (
              <li key={pack.id}>
                <span className="font-medium">{pack.name}</span>{' '}
                {pack.repository ? (
                  <a href={pack.repository} className={link} dir="ltr" rel="noopener noreferrer">
                    {pack.repository}
                  </a>
                ) : (
                  <span className="text-slate-600 dark:text-slate-300">{t('resolve.noRepository')}</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}

      {plan.packs.length > 0 && (
        <div>
          <h3 className="text-lg font-semibold">{t('resolve.packsHeading')}</h3>
          <ul className="mt-2 space-y-3">
            {plan.packs.map((pack) => (
              <PackItem key={pack.id} pack={pack} lang={lang} messages={messages} />
            ))}
          </ul>
        </div>
      )}

      {plan.unresolved.length > 0 && (
        <div data-testid="resolve-unresolved">
          <h3 className="text-lg font-semibold">{t('resolve.unresolvedHeading')}</h3>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('resolve.unresolvedLead')}</p>
          <ClassList classes={plan.unresolved} />
        </div>
      )}

      {(plan.core.length > 0 || plan.virtual.length > 0) && (
        <details className="text-sm" data-testid="resolve-core">
          <summary className="cursor-pointer font-medium">
            {t('resolve.coreSummary', { core: plan.core.length, virtual: plan.virtual.length })}
          </summary>
          <ClassList classes={[...plan.core, ...plan.virtual]} />
        </details>
      )}
    </section>
  );
}
