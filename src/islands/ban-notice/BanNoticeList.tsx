import type { Locale } from '../../i18n/locales.ts';
import type { MessageTree } from '../../i18n/translator.ts';
import { useIslandT } from '../../i18n/use-island-t.ts';
import { useApiQuery } from '../../lib/query/hooks.ts';
import { QueryRoot } from '../query-root/QueryRoot.tsx';
import { BanCard } from './BanCard.tsx';

interface Props {
  lang: Locale;
  messages: MessageTree;
}

export function BanNoticeList(props: Props) {
  return (
    <QueryRoot>
      <Notices {...props} />
    </QueryRoot>
  );
}

/** The account's ban first, then each banned publisher of the user's (the same GET /users the account menu reads). */
function Notices({ lang, messages }: Props) {
  const t = useIslandT(lang, messages);
  const me = useApiQuery('/users');
  const user = me.data;
  // A copy cached before the server knew about bans has no list: treat it as none.
  const publishers = user?.banned_publishers ?? [];
  if (!user || (!user.ban && publishers.length === 0)) return null;
  const accountBanned = Boolean(user.ban);
  return (
    <div className="mt-4 flex flex-col gap-3" data-testid="ban-notices">
      {user.ban && (
        <BanCard
          t={t}
          lang={lang}
          ban={user.ban}
          title={t('banNotice.accountTitle')}
          body={(date) => t('banNotice.accountBody', { date })}
          appeal={{ kind: 'allowed' }}
          testId="ban-notice-account"
        />
      )}
      {publishers.map((publisher) => (
        <BanCard
          key={publisher.id}
          t={t}
          lang={lang}
          ban={publisher.ban}
          title={t('banNotice.publisherTitle', { name: publisher.name || publisher.id })}
          body={(date) => t('banNotice.publisherBody', { date })}
          appealPublisherId={publisher.id}
          appeal={
            publisher.role !== 'owner'
              ? { kind: 'refused', note: t('banNotice.membersCannotAppeal') }
              : accountBanned
                ? { kind: 'refused', note: t('banNotice.accountFirst') }
                : { kind: 'allowed' }
          }
          testId="ban-notice-publisher"
        />
      ))}
    </div>
  );
}
