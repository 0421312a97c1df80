import type { PlainKey } from '../../i18n/message-keys.ts';

/** The admin screens, their URL under /{lang}/admin, and a nav label key where it is not `admin.nav.<id>`. */
export const ADMIN_SECTIONS = [
  { id: 'overview', path: '' },
  { id: 'review', path: '/review' },
  { id: 'reports', path: '/reports' },
  { id: 'appeals', path: '/appeals', label: 'adminAppeals.nav' },
  { id: 'nodes', path: '/nodes' },
  { id: 'publishers', path: '/publishers' },
  { id: 'users', path: '/users' },
  { id: 'audit', path: '/audit' },
  { id: 'advisories', path: '/advisories', label: 'adminAdvisories.nav' },
  { id: 'addNode', path: '/add-node' },
  { id: 'customers', path: '/customers' },
] as const;

export type AdminSectionId = (typeof ADMIN_SECTIONS)[number]['id'];

/** The translation key of a screen's name (the type checker proves every `admin.nav.<id>` exists). */
export function sectionLabelKey(id: AdminSectionId): PlainKey {
  const section = ADMIN_SECTIONS.find((entry) => entry.id === id) ?? ADMIN_SECTIONS[0];
  return 'label' in section ? section.label : `admin.nav.${section.id}`;
}
