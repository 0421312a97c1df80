import { localizedPath } from '../../../lib/locale-path.ts';
import { useApiQuery } from '../../../lib/query/hooks.ts';
import { useDashboard } from '../context.ts';

/**
 * Tells the publisher which of their versions define node classes another pack also defines (the
 * upload pipeline records them). Says nothing when there are none, or while loading.
 */
export function VersionCollisions({ publisherId, nodeId }: { publisherId: string; nodeId: string }) {
  const { t, lang } = useDashboard();
  const query = useApiQuery('/publishers/{publisherId}/nodes/{nodeId}/collisions', {
    path: { publisherId, nodeId },
  });
  const versions = query.data?.versions ?? [];
  if (versions.length === 0) return null;
  return (
    <div
      role="note"
      className="mb-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
      data-testid="dashboard-collisions"
    >
      <p className="font-semibold">{t('collisions.heading')}</p>
      <ul className="mt-1 space-y-1">
        {versions.map((v) => (
          <li key={v.version_id}>
            <span dir="ltr">{t('collisions.version', { version: v.version })}</span>
            {': '}
            {v.packs.map((p, index) => (
              <span key={p.node_id}>
                {index > 0 && '; '}
                <a className="underline" href={localizedPath(lang, `/nodes/${encodeURIComponent(p.node_id)}`)}>
                  <bdi>{p.node_name}</bdi>
                </a>{' '}
                <span className="font-mono text-xs" dir="ltr">
                  ({p.classes.join(', ')})
                </span>
              </span>
            ))}
          </li>
        ))}
      </ul>
      <p className="mt-1">{t('collisions.onlyOne')}</p>
    </div>
  );
}
