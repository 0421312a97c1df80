import { useState, type FormEvent } from 'react';
import { apiErrorText } from '../../lib/api/error-text.ts';
import { useApiWrite } from '../../lib/query/hooks.ts';
import { ADMIN_READS } from '../admin/admin-reads.ts';
import { useAdmin } from '../admin/context.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { ErrorNote } from '../ui/ErrorNote.tsx';
import { button, input, label } from '../ui/styles.ts';
import {
  ECOSYSTEMS,
  emptyAffected,
  KINDS,
  requestOfDraft,
  SEVERITIES,
  type AdvisoryDraft,
  type AffectedDraft,
} from './advisory-draft.ts';

interface Props {
  /** The advisory being edited (its id), or null for a new one. */
  advisoryId: string | null;
  initial: AdvisoryDraft;
  onClose: () => void;
  /** After a successful write, with the advisory's id. */
  onSaved: (id: string) => void;
}

/** Create or edit an advisory: the whole advisory is sent (an edit replaces it), the API checks every field. */
export function AdvisoryFormDialog({ advisoryId, initial, onClose, onSaved }: Props) {
  const { t } = useAdmin();
  const [draft, setDraft] = useState(initial);
  const write = useApiWrite(ADMIN_READS);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<AdvisoryDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const setAffected = (index: number, patch: Partial<AffectedDraft>) =>
    setDraft((current) => ({
      ...current,
      affected: current.affected.map((entry, i) => (i === index ? { ...entry, ...patch } : entry)),
    }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body = requestOfDraft(draft);
      const saved = advisoryId
        ? await write('put', '/admin/advisories/{advisoryId}', { params: { path: { advisoryId } }, body })
        : await write('post', '/admin/advisories', { body });
      onSaved(saved.id);
    } catch (caught) {
      setError(apiErrorText(t, caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      width="lg"
      busy={busy}
      onClose={onClose}
      testId="advisory-form"
      title={advisoryId ? t('adminAdvisories.form.editTitle', { id: advisoryId }) : t('adminAdvisories.form.newTitle')}
    >
      <form className="flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
        <div>
          <label className={label} htmlFor="advisory-summary">
            {t('adminAdvisories.form.summary')}
          </label>
          <input
            id="advisory-summary"
            className={input}
            required
            maxLength={200}
            value={draft.summary}
            onChange={(e) => set({ summary: e.target.value })}
          />
        </div>
        <div>
          <label className={label} htmlFor="advisory-details">
            {t('adminAdvisories.form.details')}
          </label>
          <textarea
            id="advisory-details"
            className={input}
            rows={3}
            value={draft.details}
            onChange={(e) => set({ details: e.target.value })}
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label className={label} htmlFor="advisory-severity">
              {t('adminAdvisories.form.severity')}
            </label>
            <select
              id="advisory-severity"
              className={input}
              value={draft.severity}
              onChange={(e) => set({ severity: e.target.value as AdvisoryDraft['severity'] })}
            >
              {SEVERITIES.map((severity) => (
                <option key={severity} value={severity}>
                  {t(`advisories.severity.${severity}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label className={label} htmlFor="advisory-kind">
              {t('adminAdvisories.form.kind')}
            </label>
            <select
              id="advisory-kind"
              className={input}
              value={draft.kind}
              onChange={(e) => set({ kind: e.target.value as AdvisoryDraft['kind'] })}
            >
              {KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`adminAdvisories.kind.${kind}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div>
          <label className={label} htmlFor="advisory-aliases">
            {t('adminAdvisories.form.aliases')}
          </label>
          <input
            id="advisory-aliases"
            className={input}
            dir="ltr"
            value={draft.aliases}
            onChange={(e) => set({ aliases: e.target.value })}
          />
        </div>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-semibold">{t('adminAdvisories.form.affected')}</legend>
          <p className="text-xs text-slate-600 dark:text-slate-300">{t('adminAdvisories.form.affectedHint')}</p>
          {draft.affected.map((entry, index) => (
            <AffectedFields
              key={index}
              index={index}
              entry={entry}
              onChange={(patch) => setAffected(index, patch)}
              {...(draft.affected.length > 1
                ? { onRemove: () => set({ affected: draft.affected.filter((_, i) => i !== index) }) }
                : {})}
            />
          ))}
          <div className="flex flex-wrap gap-2">
            {ECOSYSTEMS.map((ecosystem) => (
              <button
                key={ecosystem}
                type="button"
                className={button.secondary}
                onClick={() => set({ affected: [...draft.affected, emptyAffected(ecosystem)] })}
              >
                {t(`adminAdvisories.form.add${ecosystem}`)}
              </button>
            ))}
          </div>
        </fieldset>
        <ErrorNote message={error} />
        <div className="flex justify-end gap-2">
          <button type="button" className={button.secondary} disabled={busy} onClick={onClose}>
            {t('adminAdvisories.form.cancel')}
          </button>
          <button type="submit" className={button.primary} disabled={busy} data-testid="advisory-save">
            {advisoryId ? t('adminAdvisories.form.save') : t('adminAdvisories.form.publish')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function AffectedFields({
  index,
  entry,
  onChange,
  onRemove,
}: {
  index: number;
  entry: AffectedDraft;
  onChange: (patch: Partial<AffectedDraft>) => void;
  onRemove?: () => void;
}) {
  const { t } = useAdmin();
  const id = (field: string) => `affected-${index}-${field}`;
  const packageLabel =
    entry.ecosystem === 'Nodeyard' ? t('adminAdvisories.form.packId') : t('adminAdvisories.form.pypiName');
  return (
    <div
      className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-2 dark:border-slate-700"
      data-testid="advisory-affected"
    >
      <div>
        <label className={label} htmlFor={id('ecosystem')}>
          {t('adminAdvisories.form.ecosystem')}
        </label>
        <select
          id={id('ecosystem')}
          className={input}
          value={entry.ecosystem}
          onChange={(e) => onChange({ ecosystem: e.target.value as AffectedDraft['ecosystem'] })}
        >
          {ECOSYSTEMS.map((ecosystem) => (
            <option key={ecosystem} value={ecosystem}>
              {t(`adminAdvisories.ecosystem.${ecosystem}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label className={label} htmlFor={id('package')}>
          {packageLabel}
        </label>
        <input
          id={id('package')}
          className={input}
          dir="ltr"
          required
          value={entry.package}
          onChange={(e) => onChange({ package: e.target.value })}
        />
      </div>
      <div>
        <label className={label} htmlFor={id('introduced')}>
          {t('adminAdvisories.form.introduced')}
        </label>
        <input
          id={id('introduced')}
          className={input}
          dir="ltr"
          value={entry.introduced}
          onChange={(e) => onChange({ introduced: e.target.value })}
        />
      </div>
      <div>
        <label className={label} htmlFor={id('fixed')}>
          {t('adminAdvisories.form.fixed')}
        </label>
        <input
          id={id('fixed')}
          className={input}
          dir="ltr"
          value={entry.fixed}
          onChange={(e) => onChange({ fixed: e.target.value })}
        />
      </div>
      <div className="sm:col-span-2">
        <label className={label} htmlFor={id('versions')}>
          {t('adminAdvisories.form.versions')}
        </label>
        <input
          id={id('versions')}
          className={input}
          dir="ltr"
          value={entry.versions}
          onChange={(e) => onChange({ versions: e.target.value })}
        />
      </div>
      {entry.moreRanges.length > 0 && (
        <p className="text-xs text-slate-600 sm:col-span-2 dark:text-slate-300">
          {t('adminAdvisories.form.moreRanges')}
        </p>
      )}
      {onRemove && (
        <div className="sm:col-span-2">
          <button type="button" className={button.dangerGhost} onClick={onRemove}>
            {t('adminAdvisories.form.remove', { package: entry.package || packageLabel })}
          </button>
        </div>
      )}
    </div>
  );
}
