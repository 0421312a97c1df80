import type { PlainKey } from '../../i18n/message-keys.ts';

/** The admin screens, their URL under /{lang}/admin and their nav label's key. */
export const ADMIN_SECTIONS = [
  { id: 'overview', path: '', label: 'admin.nav.overview' },
  { id: 'review', path: '/review', label: 'admin.nav.review' },
  { id: 'reports', path: '/reports', label: 'admin.nav.reports' },
  { id: 'appeals', path: '/appeals', label: 'adminAppeals.nav' },
  { id: 'nodes', path: '/nodes', label: 'admin.nav.nodes' },
  { id: 'publishers', path: '/publishers', label: 'admin.nav.publishers' },
  { id: 'users', path: '/users', label: 'admin.nav.users' },
  { id: 'audit', path: '/audit', label: 'admin.nav.audit' },
  { id: 'advisories', path: '/advisories', label: 'adminAdvisories.nav' },
  { id: 'addNode', path: '/add-node', label: 'admin.nav.addNode' },
  { id: 'customers', path: '/customers', label: 'admin.nav.customers' },
] as const satisfies readonly { id: string; path: string; label: PlainKey }[];

export type AdminSectionId = (typeof ADMIN_SECTIONS)[number]['id'];

/** The translation key of a screen's name. */
export function sectionLabelKey(id: AdminSectionId): PlainKey {
  return ADMIN_SECTIONS.find((entry) => entry.id === id)?.label ?? 'admin.nav.overview';
}
