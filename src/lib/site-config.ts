// External addresses the site links to, kept in one place so a self-hoster can find them.

/** Documentation for Chinese-speaking visitors (any locale starting with "zh"). */
export const DOCS_URL_ZH = 'https://docs.comfy.org/zh-CN';
/** The registry overview in the ComfyUI docs, for everyone else. */
export const DOCS_URL_DEFAULT = 'https://docs.comfy.org/registry/overview';

/** Where `/discord` sends visitors: the ComfyUI community chat invite. */
export const COMMUNITY_INVITE_URL = 'https://discord.gg/comfyorg';

/** The Documentation button's target for a UI language. */
export function docsUrlFor(locale: string): string {
  return locale.toLowerCase().startsWith('zh') ? DOCS_URL_ZH : DOCS_URL_DEFAULT;
}
