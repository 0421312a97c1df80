import type { Locale } from '../../i18n/locales.ts';
import type { MessageTree } from '../../i18n/translator.ts';

const BANNER = import.meta.glob<MessageTree>('../../i18n/locales/verify-email/*.json', { import: 'default' });
const AUTH = import.meta.glob<MessageTree>('../../i18n/locales/auth/*.json', { import: 'default' });

const fileOf = (files: Record<string, () => Promise<MessageTree>>, folder: string, lang: Locale) =>
  files[`../../i18n/locales/${folder}/${lang}.json`] ?? files[`../../i18n/locales/${folder}/en.json`]!;

/** The verify banner's texts (`verifyBanner`, `authErrors`) in `lang`, loaded on demand. */
export async function loadVerifyTexts(lang: Locale): Promise<MessageTree> {
  const [banner, auth] = await Promise.all([fileOf(BANNER, 'verify-email', lang)(), fileOf(AUTH, 'auth', lang)()]);
  return { verifyBanner: banner['verifyBanner']!, authErrors: auth['authErrors']! };
}
