/** The admin screens, their URL under /{lang}/admin and their nav label key. */
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

/** The translation key of a screen's name: `admin.nav.<id>`, or the key a screen of another namespace names. */
export function sectionLabelKey(id: AdminSectionId): string {
  const section = ADMIN_SECTIONS.find((entry) => entry.id === id);
  return section && 'label' in section ? section.label : `admin.nav.${id}`;
}
