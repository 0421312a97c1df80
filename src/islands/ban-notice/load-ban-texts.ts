import type { Locale } from '../../i18n/locales.ts';
import type { MessageTree } from '../../i18n/translator.ts';

const FILES = import.meta.glob<MessageTree>('../../i18n/locales/bans/*.json', { import: 'default' });

/** The ban notice's texts (`banNotice`) in `lang`, loaded on demand (lazy-texts/use-lazy-texts.ts). */
export async function loadBanTexts(lang: Locale): Promise<MessageTree> {
  const file = FILES[`../../i18n/locales/bans/${lang}.json`] ?? FILES['../../i18n/locales/bans/en.json']!;
  return { banNotice: (await file())['banNotice']! };
}
