import type { TFunction } from '../../i18n/translator.ts';
import { apiErrorText } from '../../lib/api/error-text.ts';
import { isStatedRefusal } from '../../lib/api/refusal.ts';

/**
 * What the account page says when a call fails: a refusal in its own words ("Your account is banned, …"), a failure
 * inside "Something went wrong: …".
 */
export function accountFailureText(t: TFunction, error: unknown): string {
  return isStatedRefusal(error) ? apiErrorText(t, error) : t('account.error', { error: apiErrorText(t, error) });
}
