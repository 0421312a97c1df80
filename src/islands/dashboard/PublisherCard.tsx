import { useState } from 'react';
import type { PlainKey } from '../../i18n/message-keys.ts';
import type { ApiSchema } from '../../lib/api/types.ts';
import type { Publisher } from '../../lib/dashboard/api-types.ts';
import { apiKey, useApiMutation, useApiQuery } from '../../lib/query/hooks.ts';
import { useDashboard } from './context.ts';
import { EditPublisherDialog } from './EditPublisherDialog.tsx';
import { NodeList } from './nodes/NodeList.tsx';
import { TokenSection } from './tokens/TokenSection.tsx';
import { WebhookSection } from './webhooks/WebhookSection.tsx';
import { TrustedPublisherSection } from './trusted-publishing/TrustedPublisherSection.tsx';
import { ConfirmedDelete } from '../ui/ConfirmedDelete.tsx';
import { StatusBadge } from '../ui/StatusBadge.tsx';
import { button, card, muted } from '../ui/styles.ts';

/** GET /publishers/{id}/permissions: whether the viewer may edit, their role, and why not. */
type Permission = ApiSchema<'PermissionResponse'>;

/** Why the token section is not shown: the real cause (a ban), not "owners only" to an owner. */
function tokensNoteKey(permission: Permission): PlainKey {
  if (permission.reason === 'user_banned') return 'banNotice.tokensUserBanned';
  if (permission.reason === 'publisher_banned') return 'banNotice.tokensBanned';
  return 'dashboard.tokens.ownerOnly';
}

/**
 * One publisher: its name and actions, its nodes, and (for owners) its access tokens. Owner-only
 * controls follow GET /publishers/{id}/permissions; the server enforces them regardless.
 */
export function PublisherCard({ publisher }: { publisher: Publisher }) {
  const { t } = useDashboard();
  const permissions = useApiQuery('/publishers/{publisherId}/permissions', { path: { publisherId: publisher.id } });
  const isOwner = permissions.data?.canEdit === true;
  const banned = publisher.status === 'PublisherStatusBanned';
  const [editing, setEditing] = useState(false);
  const remove = useApiMutation('delete', '/publishers/{publisherId}', { invalidates: [apiKey('/users/publishers/')] });
  const headingId = `publisher-${publisher.id}`;

  return (
    <section className={`${card} flex flex-col gap-6`} aria-labelledby={headingId} data-testid="publisher-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-xl font-semibold">
            {publisher.name || publisher.id}
          </h3>
          <p className={`${muted} font-mono`} dir="ltr">
            @{publisher.id}
          </p>
          {banned && (
            <div className="mt-2 text-sm" data-testid="publisher-ban">
              <p className="flex flex-wrap items-center gap-2">
                <StatusBadge tone="bad" label={t('dashboard.publishers.banned')} />
                <span className={muted}>{t('dashboard.publishers.bannedNote')}</span>
              </p>
              {publisher.ban?.reason?.trim() && (
                <div className="mt-2">
                  <p className="text-xs font-medium">{t('banNotice.reason')}</p>
                  <blockquote dir="auto" className="border-s-4 border-red-400 ps-3 whitespace-pre-wrap">
                    {publisher.ban.reason}
                  </blockquote>
                </div>
              )}
            </div>
          )}
        </div>
        {isOwner && (
          <div className="flex flex-wrap gap-2">
            <button type="button" className={button.secondary} onClick={() => setEditing(true)}>
              {t('dashboard.edit')}
              <span className="sr-only"> {publisher.id}</span>
            </button>
            <ConfirmedDelete
              t={t}
              remove={remove}
              variables={{ params: { path: { publisherId: publisher.id } } }}
              label={t('dashboard.delete')}
              name={publisher.id}
              title={t('dashboard.publishers.deleteTitle', { id: publisher.id })}
              body={t('dashboard.publishers.deleteBody')}
              phrase={{ text: publisher.id, label: t('dashboard.typeToConfirm', { phrase: publisher.id }) }}
              cancelLabel={t('dashboard.cancel')}
              pendingLabel={t('dashboard.deleting')}
              done={t('dashboard.publishers.deleted', { id: publisher.id })}
            />
          </div>
        )}
      </div>
      <NodeList publisher={publisher} isOwner={isOwner} />
      {isOwner ? (
        <>
          <TokenSection publisherId={publisher.id} />
          <WebhookSection publisherId={publisher.id} />
          <TrustedPublisherSection publisherId={publisher.id} />
        </>
      ) : (
        permissions.data && <p className={muted}>{t(tokensNoteKey(permissions.data))}</p>
      )}
      <EditPublisherDialog publisher={publisher} open={editing} onClose={() => setEditing(false)} />
    </section>
  );
}
