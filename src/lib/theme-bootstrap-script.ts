import { THEME_STORAGE_KEY, themeBootstrap } from './theme.ts';

/**
 * The inline script every page runs before the body is parsed, so the first paint already has the
 * right theme. One constant for the layout that renders it and the server's Content-Security-Policy,
 * which allows exactly this text by hash.
 */
export const THEME_BOOTSTRAP_SCRIPT = `(${themeBootstrap.toString()})(${JSON.stringify(THEME_STORAGE_KEY)});`;
