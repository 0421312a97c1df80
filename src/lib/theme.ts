// Theme preference: what the visitor chose (auto/light/dark) and what is shown (light/dark).

export const THEME_STORAGE_KEY = 'registry-theme';
export const THEME_PREFERENCES = ['auto', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type ResolvedTheme = 'light' | 'dark';
export const DEFAULT_THEME: ThemePreference = 'auto';

export function parseThemePreference(value: unknown): ThemePreference {
  return (THEME_PREFERENCES as readonly unknown[]).includes(value) ? (value as ThemePreference) : DEFAULT_THEME;
}

export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === 'auto') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

/**
 * Runs inline in <head> before first paint (the layout inlines its source), so it must be
 * self-contained: no imports, no outer variables. It applies the saved theme as a `light`/`dark`
 * class on <html>, and keeps following the system setting while the preference is auto.
 */
export function themeBootstrap(storageKey: string): void {
  const root = document.documentElement;
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = (): void => {
    let pref: string | null = null;
    try {
      pref = localStorage.getItem(storageKey);
    } catch {
      // Storage can be blocked (privacy modes); fall back to auto.
    }
    const dark = pref === 'dark' || (pref !== 'light' && media.matches);
    root.classList.toggle('dark', dark);
    root.classList.toggle('light', !dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
  };
  apply();
  media.addEventListener('change', apply);
  // Other tabs changing the theme, and the toggle island, both re-run the same logic.
  window.addEventListener('storage', (event) => {
    if (event.key === storageKey) apply();
  });
  window.addEventListener('nodeyard:theme', apply);
}
