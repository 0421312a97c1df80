import { createContext, useContext } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import type { TFunction } from '../../i18n/translator.ts';

export interface DashboardEnv {
  lang: Locale;
  t: TFunction;
  /** This server's API base URL (for the publish instructions). */
  apiUrl: string;
  /** Whether a GitHub OAuth app is configured (claiming works). */
  claimConfigured: boolean;
}

export const DashboardContext = createContext<DashboardEnv | null>(null);

/** The language, translator and server facts every dashboard component needs. */
export function useDashboard(): DashboardEnv {
  const env = useContext(DashboardContext);
  if (!env) throw new Error('useDashboard outside <DashboardContext>');
  return env;
}
