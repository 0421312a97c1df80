import type { ApiSchema } from '../../lib/api/types.ts';
import { localizedPath } from '../../lib/locale-path.ts';
import { useAdmin } from './context.ts';

type AuditEntry = ApiSchema<'AuditEntry'>;

/** Where a target's name leads: the node page, the publisher page, or the admin screen listing it. */
function targetHref(entry: AuditEntry, base: string, lang: Parameters<typeof localizedPath>[0]): string | null {
  const target = entry.target;
  if (!target) return null;
  const id = encodeURIComponent(entry.target_id);
  switch (entry.target_type) {
    case 'node':
    case 'node_version':
      return target.node_id ? localizedPath(lang, `/nodes/${encodeURIComponent(target.node_id)}`) : null;
    case 'publisher':
      return localizedPath(lang, `/publishers/${id}`);
    case 'user':
      return `${base}/users?search=${encodeURIComponent(target.name ?? entry.target_id)}`;
    case 'customer':
      return `${base}/customers?customer=${id}`;
    case 'report':
      return `${base}/reports`;
    default:
      return null;
  }
}

/**
 * An audit entry's target as a reader knows it: the node or publisher name, a version as name and number, an
 * account's e-mail, linked to its page; the kind and raw id underneath (what the filters take).
 */
export function AuditTarget({ entry }: { entry: AuditEntry }) {
  const { t, lang, base } = useAdmin();
  const target = entry.target;
  const label =
    target?.name &&
    (target.version ? t('modPolish.audit.version', { name: target.name, version: target.version }) : target.name);
  const href = label ? targetHref(entry, base, lang) : null;
  return (
    <div className="[overflow-wrap:anywhere]" data-testid="audit-target">
      {label &&
        (href ? (
          <a className="font-medium text-brand-600 underline dark:text-brand-100" href={href}>
            <bdi>{label}</bdi>
          </a>
        ) : (
          <bdi className="font-medium">{label}</bdi>
        ))}
      <div className="text-xs text-slate-600 dark:text-slate-300" dir="ltr">
        {entry.target_type}: {entry.target_id}
      </div>
    </div>
  );
}
