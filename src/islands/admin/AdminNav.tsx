import { useAdmin } from './context.ts';
import { ADMIN_SECTIONS, sectionLabelKey, type AdminSectionId } from './sections.ts';

/** Plain links (each screen is its own page), the current one marked for assistive tech. */
export function AdminNav({ current }: { current: AdminSectionId }) {
  const { t, base } = useAdmin();
  return (
    <nav aria-label={t('admin.nav.label')} className="mb-6 overflow-x-auto">
      <ul className="flex gap-1 border-b border-slate-200 dark:border-slate-800">
        {ADMIN_SECTIONS.map((section) => {
          const active = section.id === current;
          return (
            <li key={section.id}>
              <a
                href={`${base}${section.path}`}
                aria-current={active ? 'page' : undefined}
                className={`block whitespace-nowrap rounded-t-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-500 ${
                  active
                    ? 'border-b-2 border-brand-600 text-brand-700 dark:text-brand-100'
                    : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
                }`}
              >
                {t(sectionLabelKey(section.id))}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
