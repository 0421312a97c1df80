import { useId } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import type { TFunction } from '../../i18n/translator.ts';
import type { ApiSchema } from '../../lib/api/types.ts';
import { formatDate } from '../../lib/format/format.ts';
import { AppealForm } from './AppealForm.tsx';

type Ban = ApiSchema<'Ban'>;

/** Whether the reader may appeal this ban, or why not (a member, or an account banned itself). */
export type AppealRight = { kind: 'allowed' } | { kind: 'refused'; note: string };

interface Props {
  t: TFunction;
  lang: Locale;
  ban: Ban;
  title: string;
  /** The sentence saying since when and what the ban stops, given the formatted date. */
  body: (date: string) => string;
  /** Whose ban an appeal is about: a publisher's, or (absent) the account's own. */
  appealPublisherId?: string | undefined;
  appeal: AppealRight;
  testId: string;
}

const quote = 'border-s-4 ps-3 whitespace-pre-wrap [overflow-wrap:anywhere]';

/** One ban: what is banned and since when, the admins' reason, and the appeal (its form, or its state). */
export function BanCard({ t, lang, ban, title, body, appealPublisherId, appeal, testId }: Props) {
  const headingId = useId();
  const latest = ban.appeal;
  const waiting = latest?.status === 'open';
  const upheld = latest?.status === 'upheld';
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50"
      data-testid={testId}
    >
      <h2 id={headingId} className="font-semibold">
        {title}
      </h2>
      <p className="mt-1">{body(formatDate(ban.banned_at, lang, 'longDate'))}</p>
      <div className="mt-2">
        {ban.reason?.trim() ? (
          <>
            <p className="text-xs font-medium">{t('banNotice.reason')}</p>
            <blockquote dir="auto" className={`${quote} border-red-400`} data-testid="ban-reason">
              {ban.reason}
            </blockquote>
          </>
        ) : (
          <p>{t('banNotice.noReason')}</p>
        )}
      </div>
      {waiting && latest && (
        <div className="mt-3" role="status" data-testid="appeal-waiting">
          <p>{t('banNotice.appealWaiting', { date: formatDate(latest.created_at, lang, 'longDate') })}</p>
          <p className="mt-1 text-xs font-medium">{t('banNotice.yourMessage')}</p>
          <blockquote dir="auto" className={`${quote} border-red-300 dark:border-red-700`}>
            {latest.message}
          </blockquote>
        </div>
      )}
      {upheld && latest && (
        <div className="mt-3" data-testid="appeal-upheld">
          <p>{t('banNotice.upheld', { date: formatDate(latest.decided_at, lang, 'longDate') })}</p>
          <blockquote dir="auto" className={`${quote} border-red-400`}>
            {latest.response}
          </blockquote>
        </div>
      )}
      {!waiting &&
        (appeal.kind === 'allowed' ? (
          <AppealForm
            t={t}
            lang={lang}
            publisherId={appealPublisherId}
            lead={upheld ? t('banNotice.appealAgain') : t('banNotice.appealLead')}
            name={title}
          />
        ) : (
          <p className="mt-3">{appeal.note}</p>
        ))}
    </section>
  );
}
