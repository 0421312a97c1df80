import type { TFunction } from '../../i18n/translator.ts';
import type { ApiSchema } from '../../lib/api/types.ts';
import { ruleKeys } from '../../lib/dashboard/findings.ts';

// What changed between two versions (GET …/versions/{v}/changes), in one rendering shared by the node
// page (rendered on the server, no JavaScript: src/pages/[lang]/nodes/[nodeId]/changes.astro) and
// the publisher dashboard (a Pending or held version that gains a power). Gained powers come first
// and are marked by a labelled badge, a thick edge and their own list, never by colour alone.

export type VersionChanges = ApiSchema<'VersionChanges'>;
/** A file and line the comparison points at (structurally the API's place). */
interface Place {
  file: string;
  line: number | null;
  snippet: string;
}

interface Props {
  changes: VersionChanges;
  t: TFunction;
  /** The heading level of the three parts: below the page's own heading. */
  level: 2 | 3 | 4;
}

const placeText = (place: Place) => (place.line === null ? place.file : `${place.file}:${place.line}`);

function Places({ places, count, t }: { places: Place[]; count: number; t: TFunction }) {
  return (
    <ul className="mt-1 space-y-0.5 ps-4">
      {places.map((place) => (
        <li key={`${place.file}:${place.line}`}>
          <code dir="ltr" className="font-mono text-xs break-all" title={place.snippet}>
            {placeText(place)}
          </code>
        </li>
      ))}
      {count > places.length && (
        <li className="text-xs text-slate-600 dark:text-slate-400">
          {t('versionChanges.capabilities.more', { count: count - places.length })}
        </li>
      )}
    </ul>
  );
}

function Capabilities({ changes, t }: { changes: VersionChanges; t: TFunction }) {
  const { capabilities } = changes;
  if (!capabilities) return <p>{t('versionChanges.capabilities.unknown')}</p>;
  if (capabilities.gained.length === 0 && capabilities.lost.length === 0) {
    return <p>{t('versionChanges.capabilities.none')}</p>;
  }
  return (
    <>
      {capabilities.gained.length > 0 && (
        <div
          className="rounded-md border-s-4 border-amber-600 bg-amber-50 p-2 text-amber-950 dark:border-amber-400 dark:bg-amber-950/40 dark:text-amber-100"
          data-testid="capabilities-gained"
        >
          <p className="font-medium">{t('versionChanges.capabilities.gainedNote')}</p>
          <ul className="mt-1 space-y-1">
            {capabilities.gained.map((change) => (
              <li key={change.kind} data-testid="capability-gained" data-kind={change.kind}>
                <span className="me-2 inline-block rounded-full bg-amber-700 px-2 py-0.5 text-xs font-semibold text-white dark:bg-amber-300 dark:text-amber-950">
                  <span aria-hidden="true">+ </span>
                  {t('versionChanges.capabilities.gained')}
                </span>
                <strong className="font-semibold">{t(`versionChanges.capabilities.kind.${change.kind}`)}</strong>
                <Places places={change.places} count={change.count} t={t} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {capabilities.lost.length > 0 && (
        <ul className="mt-2 space-y-1" data-testid="capabilities-lost">
          {capabilities.lost.map((change) => (
            <li key={change.kind} data-testid="capability-lost" data-kind={change.kind}>
              <span className="me-2 inline-block rounded-full border border-slate-400 px-2 py-0.5 text-xs font-medium">
                <span aria-hidden="true">− </span>
                {t('versionChanges.capabilities.lost')}
              </span>
              {t(`versionChanges.capabilities.kind.${change.kind}`)}
              <Places places={change.places} count={change.count} t={t} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function FileList({ names, summary }: { names: string[]; summary: string }) {
  if (names.length === 0) return <li>{summary}</li>;
  return (
    <li>
      <details>
        <summary className="cursor-pointer">{summary}</summary>
        <ul className="mt-1 ps-4">
          {names.map((name) => (
            <li key={name}>
              <code dir="ltr" className="font-mono text-xs break-all">
                {name}
              </code>
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}

function Files({ changes, t }: { changes: VersionChanges; t: TFunction }) {
  const { files } = changes;
  if (!files) return <p>{t('versionChanges.files.unknown')}</p>;
  return (
    <>
      <ul className="space-y-0.5" data-testid="files-changes">
        <FileList names={files.added_files} summary={t('versionChanges.files.added', { count: files.added })} />
        <FileList names={files.removed_files} summary={t('versionChanges.files.removed', { count: files.removed })} />
        <FileList names={files.changed_files} summary={t('versionChanges.files.changed', { count: files.changed })} />
      </ul>
      {files.truncated && <p className="text-xs">{t('versionChanges.files.truncated')}</p>}
    </>
  );
}

function Findings({ changes, t }: { changes: VersionChanges; t: TFunction }) {
  const { findings } = changes;
  if (!findings) return <p>{t('versionChanges.findings.unknown')}</p>;
  if (findings.length === 0) return <p>{t('versionChanges.findings.none')}</p>;
  return (
    <ul className="space-y-1" data-testid="findings-changes">
      {findings.map((rule) => {
        const keys = ruleKeys(rule.rule_id, (key) => t(key) !== key);
        return (
          <li key={rule.rule_id} data-rule={rule.rule_id}>
            <strong className="font-semibold">{keys ? t(keys.title) : t('findings.unknownRule')}</strong>{' '}
            <span className="text-xs text-slate-600 dark:text-slate-400">
              {t('findings.rule', { rule: rule.rule_id })}
            </span>
            {rule.added.length > 0 && (
              <p>
                {t('versionChanges.findings.added', { count: rule.added.length })}:{' '}
                <code dir="ltr" className="font-mono text-xs break-all">
                  {rule.added.map(placeText).join(', ')}
                </code>
              </p>
            )}
            {rule.removed.length > 0 && (
              <p>
                {t('versionChanges.findings.removed', { count: rule.removed.length })}:{' '}
                <code dir="ltr" className="font-mono text-xs break-all">
                  {rule.removed.map(placeText).join(', ')}
                </code>
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Powers, then files, then findings: the order a user deciding whether to update reads them in. */
export function VersionChangesView({ changes, t, level }: Props) {
  const Heading = `h${level}` as 'h2' | 'h3' | 'h4';
  const heading = 'mt-3 mb-1 font-semibold first:mt-0';
  return (
    <div className="text-sm" data-testid="version-changes" data-from={changes.from} data-version={changes.version}>
      <Heading className={heading}>{t('versionChanges.capabilities.heading')}</Heading>
      <Capabilities changes={changes} t={t} />
      <Heading className={heading}>{t('versionChanges.files.heading')}</Heading>
      <Files changes={changes} t={t} />
      <Heading className={heading}>{t('versionChanges.findings.heading')}</Heading>
      <Findings changes={changes} t={t} />
    </div>
  );
}
