import { useId, useState, type FormEvent } from 'react';
import { apiErrorText } from '../../lib/api/error-text.ts';
import { useApiWrite } from '../../lib/query/hooks.ts';
import { ADMIN_READS } from './admin-reads.ts';
import { localizedPath } from '../../lib/locale-path.ts';
import { toast } from '../toast/index.ts';
import { useAdmin } from './context.ts';
import { button, compactCard, compactInput, muted } from '../ui/styles.ts';

const FIELDS = ['repository', 'id', 'name', 'description', 'publisher'] as const;

/** Reserve a node for a GitHub repository; its owner claims it later with proof of control. */
export function AddNodeForm() {
  const { t, lang } = useAdmin();
  const ids = useId();
  const write = useApiWrite(ADMIN_READS);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const value = (key: string) => String(form.get(key) ?? '').trim();
    const body = {
      repository: value('repository'),
      ...(value('id') ? { id: value('id') } : {}),
      ...(value('name') ? { name: value('name') } : {}),
      ...(value('description') ? { description: value('description') } : {}),
      ...(value('publisher') ? { publisher: { id: value('publisher') } } : {}),
    };
    setBusy(true);
    try {
      const node = await write('post', '/admin/nodes', { body });
      setCreated(node.id);
      toast.success(t('admin.addNode.done', { id: node.id }));
      formElement.reset();
    } catch (error) {
      toast.error(apiErrorText(t, error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="admin-add-title" className="flex max-w-xl flex-col gap-4">
      <h2 id="admin-add-title" className="text-xl font-semibold">
        {t('admin.addNode.title')}
      </h2>
      <p className={muted}>{t('admin.addNode.lead')}</p>
      <form className={`${compactCard} flex flex-col gap-3`} onSubmit={(event) => void submit(event)}>
        {FIELDS.map((key) => (
          <label key={key} htmlFor={`${ids}-${key}`} className="flex flex-col gap-1 text-sm">
            {t(`admin.addNode.field.${key}`)}
            {key === 'description' ? (
              <textarea id={`${ids}-${key}`} name={key} rows={3} className={compactInput} />
            ) : (
              <input
                id={`${ids}-${key}`}
                name={key}
                required={key === 'repository'}
                type={key === 'repository' ? 'url' : 'text'}
                placeholder={key === 'repository' ? 'https://github.com/owner/repo' : undefined}
                className={compactInput}
                dir={key === 'name' ? undefined : 'ltr'}
              />
            )}
          </label>
        ))}
        <p className="text-xs text-slate-600 dark:text-slate-300">{t('admin.addNode.hint')}</p>
        <button type="submit" className={button.primary} disabled={busy}>
          {t('admin.addNode.submit')}
        </button>
      </form>
      {created && (
        <p role="status">
          <a className="text-brand-600 underline dark:text-brand-100" href={localizedPath(lang, `/nodes/${created}`)}>
            {t('admin.addNode.view', { id: created })}
          </a>
        </p>
      )}
    </section>
  );
}
