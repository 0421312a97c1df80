import { atom } from 'nanostores';
import { DEFAULT_THEME, parseThemePreference, THEME_STORAGE_KEY, type ThemePreference } from '../../lib/theme.ts';

/** The visitor's theme choice, shared by every island. Starts at the default until the browser reads storage. */
export const $themePreference = atom<ThemePreference>(DEFAULT_THEME);

function readStored(): ThemePreference {
  try {
    return parseThemePreference(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return DEFAULT_THEME;
  }
}

/** Loads the saved choice (call once from the browser) and follows changes from other tabs. */
export function initThemeStore(): void {
  $themePreference.set(readStored());
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY) $themePreference.set(readStored());
  });
}

/** Saves a choice and asks the head script (which owns the <html> class) to re-apply the theme. */
export function setThemePreference(preference: ThemePreference): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Without storage the choice still applies to this page view.
  }
  $themePreference.set(preference);
  window.dispatchEvent(new Event('nodeyard:theme'));
}
