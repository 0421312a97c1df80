import { useId, type ReactNode } from 'react';
import { useAdmin } from './context.ts';
import { button, compactInput } from '../ui/styles.ts';

/** One text box (plus optional extra controls) that writes `search` to the URL on submit. */
export function SearchForm({
  label,
  value,
  onSearch,
  children,
}: {
  label: string;
  value: string;
  onSearch: (value: string, form: FormData) => void;
  children?: ReactNode;
}) {
  const { t } = useAdmin();
  const id = useId();
  return (
    <form
      role="search"
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        onSearch(String(form.get('search') ?? '').trim(), form);
      }}
    >
      <label htmlFor={id} className="flex flex-col gap-1 text-sm">
        {label}
        <input id={id} name="search" type="search" defaultValue={value} className={compactInput} />
      </label>
      {children}
      <button type="submit" className={button.primary}>
        {t('admin.filter')}
      </button>
    </form>
  );
}
