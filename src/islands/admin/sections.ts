/** The admin screens, their URL under /{lang}/admin and their nav label key. */
export const ADMIN_SECTIONS = [
  { id: 'overview', path: '' },
  { id: 'review', path: '/review' },
  { id: 'reports', path: '/reports' },
  { id: 'nodes', path: '/nodes' },
  { id: 'publishers', path: '/publishers' },
  { id: 'users', path: '/users' },
  { id: 'audit', path: '/audit' },
  { id: 'addNode', path: '/add-node' },
  { id: 'customers', path: '/customers' },
] as const;

export type AdminSectionId = (typeof ADMIN_SECTIONS)[number]['id'];
