import type { Locale } from '../../i18n/locales.ts';
import type { MessageKey } from '../../i18n/message-keys.ts';
import type { MessageTree } from '../../i18n/translator.ts';
import { useIslandT } from '../../i18n/use-island-t.ts';
import { comfyInstallCommand, gitCloneCommand } from '../../lib/install/install-commands.ts';
import { localizedPath } from '../../lib/locale-path.ts';
import { CopyButton } from '../copy-button/CopyButton.tsx';
import { CommandLine } from './CommandLine.tsx';
import { CountText } from './CountText.tsx';
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

/** The pack's own install lines: comfy-cli when it has a version here, and its repository to clone. */
function PackCommands({ pack, lang, messages }: { pack: PlanPack; lang: Locale; messages: MessageTree }) {
  const t = useIslandT(lang, messages);
  const install = pack.latest_version ? comfyInstallCommand(pack.id) : null;
  const clone = gitCloneCommand(pack.repository, pack.id);
  if (!install && !clone) return null;
  return (
    <div className="mt-3 space-y-2 text-sm">
      {install && (
        <>
          <p>{t('resolvePlan.installWithCli')}</p>
          <CommandLine
            command={install}
            copyLabel={t('resolvePlan.copy', { command: install })}
            messages={messages}
            testId="pack-install-command"
          />
        </>
      )}
      {clone && (
        <>
          <p>{t(install ? 'resolvePlan.cloneInstead' : 'resolvePlan.cloneOnly')}</p>
          <CommandLine
            command={clone}
            copyLabel={t('resolvePlan.copy', { command: clone })}
            messages={messages}
            testId="pack-git-command"
          />
        </>
      )}
    </div>
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
      <PackCommands pack={pack} lang={lang} messages={messages} />
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

/** "3 nodes built into ComfyUI", its number isolated for right-to-left pages. */
function Count({
  count,
  messageKey,
  lang,
  messages,
}: {
  count: number;
  messageKey: MessageKey;
  lang: Locale;
  messages: MessageTree;
}) {
  const t = useIslandT(lang, messages);
  return <CountText text={t(messageKey, { count })} count={count} lang={lang} />;
}

/** The install plan: command to copy, packs with their classes and alternatives, built-ins, what is missing. */
export function PlanView({ plan, source, lang, messages }: Props) {
  const t = useIslandT(lang, messages);
  // A workflow without a single node (an empty canvas, a JSON with "nodes": []) needs nothing, but
  // not because it "only uses built-in nodes".
  const empty = plan.packs.length + plan.core.length + plan.virtual.length + plan.unresolved.length === 0;
  const count = (messageKey: MessageKey, value: number) => (
    <Count count={value} messageKey={messageKey} lang={lang} messages={messages} />
  );
  return (
    <section aria-labelledby="resolve-plan-heading" className="space-y-6" data-testid="resolve-plan">
      <div>
        <h2 id="resolve-plan-heading" className="text-2xl font-bold tracking-tight">
          {t('resolve.planHeading')}
        </h2>
        {source && (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('resolve.source', { name: source })}</p>
        )}
        {empty ? (
          <p className="mt-2" data-testid="resolve-empty">
            {t('resolvePlan.empty')}
          </p>
        ) : (
          // One item per fact: each is its own paragraph for the bidi algorithm, so no number is
          // read with its neighbour's words (a "·" between them in one line did that in Arabic).
          <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1" data-testid="resolve-summary">
            <li>{count('resolvePlan.packs', plan.packs.length)}</li>
            <li>{count('resolvePlan.core', plan.core.length)}</li>
            <li>{count('resolvePlan.unresolved', plan.unresolved.length)}</li>
          </ul>
        )}
      </div>

      {!empty && plan.packs.length === 0 && plan.unresolved.length === 0 && <p>{t('resolve.nothingNeeded')}</p>}

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
          <ul className="mt-2 space-y-3 text-sm">
            {plan.manual_installs.map((pack) => {
              const clone = gitCloneCommand(pack.repository, pack.id);
              return (
                <li key={pack.id} className="space-y-1" data-testid="resolve-manual-pack" data-pack-id={pack.id}>
                  <p>
                    <span className="font-medium">{pack.name}</span>{' '}
                    {pack.repository ? (
                      <a href={pack.repository} className={link} dir="ltr" rel="noopener noreferrer">
                        {pack.repository}
                      </a>
                    ) : (
                      <span className="text-slate-600 dark:text-slate-300">{t('resolve.noRepository')}</span>
                    )}
                  </p>
                  {clone && (
                    <CommandLine
                      command={clone}
                      copyLabel={t('resolvePlan.copy', { command: clone })}
                      messages={messages}
                      testId="manual-git-command"
                    />
                  )}
                </li>
              );
            })}
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
            {/* Flex items: each count is its own paragraph for the bidi algorithm (see the summary above). */}
            <span className="inline-flex flex-wrap gap-x-4">
              <span>{count('resolvePlan.core', plan.core.length)}</span>
              <span>{count('resolvePlan.virtual', plan.virtual.length)}</span>
            </span>
          </summary>
          <ClassList classes={[...plan.core, ...plan.virtual]} />
        </details>
      )}
    </section>
  );
}
