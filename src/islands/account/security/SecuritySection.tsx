import type { TFunction } from '../../../i18n/translator.ts';
import { card, muted } from '../../ui/styles.ts';
import { EmailChange } from './EmailChange.tsx';
import { PasswordChange } from './PasswordChange.tsx';
import { SignOutEverywhere } from './SignOutEverywhere.tsx';
import { useSignInFacts } from './use-sign-in-facts.ts';

/**
 * Sign-in and security: the address and password of an e-mail account (changed through the identity
 * provider, after the current password), and signing out on every device. Accounts that sign in only
 * through Google or GitHub are told their address and password live there.
 */
export function SecuritySection({ t, lang }: { t: TFunction; lang: string }) {
  const facts = useSignInFacts();
  return (
    <section className={card} aria-labelledby="account-security-heading" data-testid="account-security">
      <h2 id="account-security-heading" className="mb-4 text-xl font-semibold">
        {t('accountSecurity.heading')}
      </h2>
      <div className="flex flex-col gap-6">
        {facts && (
          <div className="flex flex-col gap-2">
            <h3 className="font-semibold">{t('accountSecurity.email.heading')}</h3>
            <p className="text-sm">
              <span dir="ltr" data-testid="account-email">
                {facts.email}
              </span>
            </p>
            {facts.password ? (
              <EmailChange t={t} handle={facts.handle} current={facts.email} />
            ) : (
              <p className={muted}>
                {t('accountSecurity.providerOnly', { providers: facts.providers.join(', ') || '—' })}
              </p>
            )}
          </div>
        )}
        {facts?.password && (
          <div className="flex flex-col gap-2">
            <h3 className="font-semibold">{t('accountSecurity.password.heading')}</h3>
            <PasswordChange t={t} handle={facts.handle} />
          </div>
        )}
        <div className="flex flex-col gap-2">
          <h3 className="font-semibold">{t('accountSecurity.everywhere.heading')}</h3>
          <SignOutEverywhere t={t} lang={lang} />
        </div>
      </div>
    </section>
  );
}
