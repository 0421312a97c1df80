import { useId, useState } from 'react';
import { apiErrorText, apiFieldErrors } from '../../../lib/api/error-text.ts';
import { apiKey, useApiMutation } from '../../../lib/query/hooks.ts';
import { toast } from '../../toast/index.ts';
import { ErrorNote } from '../../ui/ErrorNote.tsx';
import { button, input } from '../../ui/styles.ts';
import { useDashboard } from '../context.ts';
import { Field } from '../ui/Field.tsx';
import { TextField } from '../ui/TextField.tsx';
import { isEmailNotVerified, VerifyEmailNote } from '../ui/VerifyEmailNote.tsx';
import { newTrustedPublisherBody } from './new-trusted-publisher-body.ts';

interface Props {
  publisherId: string;
  /** The publisher's nodes, offered as suggestions: a new id is allowed (a pending publisher). */
  nodeIds: string[];
  issuers: string[];
}

const EMPTY = { nodeId: '', repository: '', workflow: '', environment: '', refPattern: '' };

/** Registers a CI workflow for a node (or a node id not created yet). */
export function AddTrustedPublisherForm({ publisherId, nodeIds, issuers }: Props) {
  const { t } = useDashboard();
  const [values, setValues] = useState(EMPTY);
  const [issuer, setIssuer] = useState(issuers[0] ?? '');
  const listId = useId();
  const add = useApiMutation('post', '/publishers/{publisherId}/trusted-publishers', {
    invalidates: [apiKey('/publishers/{publisherId}/trusted-publishers', { path: { publisherId } })],
  });
  const errors = apiFieldErrors(t, add.error);
  const set = (key: keyof typeof EMPTY) => (value: string) => setValues((old) => ({ ...old, [key]: value }));
  const ready = values.nodeId.trim() && values.repository.trim() && values.workflow.trim();

  return (
    <form
      className="grid gap-3 sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!ready) return;
        add.mutate(
          { params: { path: { publisherId } }, body: newTrustedPublisherBody(values, issuer, issuers) },
          {
            onSuccess: (created) => {
              setValues(EMPTY);
              add.reset();
              toast.success(t('trustedPublishing.added', { repository: created.repository, node: created.node_id }));
            },
            onError: (error) =>
              toast.error(isEmailNotVerified(error) ? t('dashboard.verify.needed') : apiErrorText(t, error)),
          },
        );
      }}
      data-testid="add-trusted-publisher-form"
    >
      <TextField
        label={t('trustedPublishing.node')}
        help={t('trustedPublishing.nodeHelp')}
        error={errors['node_id']}
        name="trusted-node-id"
        value={values.nodeId}
        onValueChange={set('nodeId')}
        list={listId}
        required
        maxLength={100}
        dir="ltr"
        autoComplete="off"
      />
      <datalist id={listId}>
        {nodeIds.map((id) => (
          <option key={id} value={id} />
        ))}
      </datalist>
      <TextField
        label={t('trustedPublishing.repository')}
        error={errors['repository']}
        name="trusted-repository"
        value={values.repository}
        onValueChange={set('repository')}
        placeholder="octo-org/comfyui-example"
        required
        maxLength={200}
        dir="ltr"
        autoComplete="off"
      />
      <TextField
        label={t('trustedPublishing.workflow')}
        help={t('trustedPublishing.workflowHelp')}
        error={errors['workflow']}
        name="trusted-workflow"
        value={values.workflow}
        onValueChange={set('workflow')}
        placeholder="publish.yml"
        required
        maxLength={200}
        dir="ltr"
        autoComplete="off"
      />
      <TextField
        label={t('trustedPublishing.environment')}
        help={t('trustedPublishing.environmentHelp')}
        error={errors['environment']}
        name="trusted-environment"
        value={values.environment}
        onValueChange={set('environment')}
        maxLength={255}
        dir="ltr"
        autoComplete="off"
      />
      <TextField
        label={t('trustedPublishing.refPattern')}
        help={t('trustedPublishing.refPatternHelp')}
        error={errors['ref_pattern']}
        name="trusted-ref-pattern"
        value={values.refPattern}
        onValueChange={set('refPattern')}
        placeholder="refs/tags/v*"
        maxLength={255}
        dir="ltr"
        autoComplete="off"
      />
      {issuers.length > 1 && (
        <Field label={t('trustedPublishing.issuer')} error={errors['issuer']}>
          {({ id, describedBy }) => (
            <select
              id={id}
              name="trusted-issuer"
              className={input}
              value={issuer}
              onChange={(event) => setIssuer(event.target.value)}
              aria-describedby={describedBy}
              dir="ltr"
            >
              {issuers.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <div className="flex flex-col gap-2 sm:col-span-2">
        <div>
          <button type="submit" className={button.primary} disabled={add.isPending || !ready}>
            {add.isPending ? t('trustedPublishing.adding') : t('trustedPublishing.add')}
          </button>
        </div>
        <ErrorNote message={add.error && !isEmailNotVerified(add.error) ? apiErrorText(t, add.error) : null} />
        <VerifyEmailNote error={add.error} />
      </div>
    </form>
  );
}
