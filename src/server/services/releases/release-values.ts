import type { ReleaseAttention, ReleaseLocale, ReleaseProject } from '../../db/schema/index.ts';

export type { ReleaseLocale, ReleaseProject };

// The value lists behind the release-note types (for zod enums, filters and the site's tabs).
export const RELEASE_PROJECTS = [
  'comfyui',
  'comfyui_frontend',
  'desktop',
  'cloud',
] as const satisfies readonly ReleaseProject[];
export const RELEASE_ATTENTIONS = ['low', 'medium', 'high'] as const satisfies readonly ReleaseAttention[];
/** The locales GET /releases accepts (the contract's list: no Arabic). */
export const RELEASE_LOCALES = ['en', 'es', 'fr', 'ja', 'ko', 'ru', 'zh'] as const satisfies readonly ReleaseLocale[];
