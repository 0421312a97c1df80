import { describe, expect, it } from 'vitest';
import authAr from '../../i18n/locales/auth/ar.json' with { type: 'json' };
import authEn from '../../i18n/locales/auth/en.json' with { type: 'json' };
import bansAr from '../../i18n/locales/bans/ar.json' with { type: 'json' };
import bansEn from '../../i18n/locales/bans/en.json' with { type: 'json' };
import verifyAr from '../../i18n/locales/verify-email/ar.json' with { type: 'json' };
import verifyEn from '../../i18n/locales/verify-email/en.json' with { type: 'json' };
import { loadBanTexts } from '../ban-notice/load-ban-texts.ts';
import { loadVerifyTexts } from '../verify-email/load-verify-texts.ts';

// The layout's ban notice and verify banner no longer get their texts in props (every page's HTML):
// they load them, and must get exactly the sections the props carried, in the page's language.
describe('texts the layout islands load on demand', () => {
  it.each([
    ['ar', bansAr, verifyAr, authAr],
    ['en', bansEn, verifyEn, authEn],
  ] as const)('are the sections the server passed before (%s)', async (lang, bans, verify, auth) => {
    expect(await loadBanTexts(lang)).toEqual({ banNotice: bans.banNotice });
    expect(await loadVerifyTexts(lang)).toEqual({ verifyBanner: verify.verifyBanner, authErrors: auth.authErrors });
  });
});
