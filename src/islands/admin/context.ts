import { createContext, useContext } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import type { TFunction } from '../../i18n/translator.ts';

export interface AdminEnv {
  lang: Locale;
  t: TFunction;
  /** `/{lang}/admin` */
  base: string;
  /** The signed-in admin's user id (undo is limited to your own actions). */
  userId: string;
}

export const AdminContext = createContext<AdminEnv | null>(null);

export function useAdmin(): AdminEnv {
  const env = useContext(AdminContext);
  if (!env) throw new Error('useAdmin outside AdminApp');
  return env;
}
