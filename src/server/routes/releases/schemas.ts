import { z } from '@hono/zod-openapi';
import { RELEASE_ATTENTIONS, RELEASE_LOCALES, RELEASE_PROJECTS } from '../../services/releases/release-values.ts';
import { normalizeVersion } from '../../services/versions/semver.ts';

export const ReleaseNoteSchema = z
  .object({
    id: z.number().int(),
    project: z.enum(RELEASE_PROJECTS),
    version: z.string(),
    attention: z.enum(RELEASE_ATTENTIONS),
    content: z.string().openapi({ description: 'Markdown.' }),
    published_at: z.string().openapi({ format: 'date-time' }),
    locale: z.enum(RELEASE_LOCALES).optional().openapi({ description: 'The language of `content`.' }),
    form_factors: z
      .array(z.string())
      .optional()
      .openapi({ description: 'Only shown to these form factors; absent = every form factor.' }),
  })
  .openapi('ReleaseNote');

/** A version such as `v0.3.40` or `1.2`, normalised to canonical semver; anything else is a 400. */
export const versionText = z
  .string()
  .max(100)
  .transform((value, ctx) => {
    const version = normalizeVersion(value);
    if (!version) {
      ctx.addIssue({ code: 'custom', message: 'Expected a version such as 1.2.3 or v0.3.40.' });
      return z.NEVER;
    }
    return version;
  })
  .openapi({ type: 'string', example: '0.3.40' });

const fields = {
  project: z.enum(RELEASE_PROJECTS),
  version: versionText,
  attention: z.enum(RELEASE_ATTENTIONS),
  content: z.string().trim().min(1, 'Required.').max(100_000).openapi({ description: 'Markdown.' }),
  locale: z.enum(RELEASE_LOCALES),
  published_at: z.iso
    .datetime({ offset: true, message: 'Expected an RFC 3339 date-time such as 2026-01-31T12:00:00Z.' })
    .transform((value) => new Date(value))
    .openapi({ type: 'string', format: 'date-time', description: 'A future instant schedules the note.' }),
  form_factors: z.array(z.string().trim().min(1).max(50)).max(20),
};

export const CreateReleaseBody = z.object({
  project: fields.project,
  version: fields.version,
  attention: fields.attention.default('low'),
  content: fields.content,
  locale: fields.locale.default('en'),
  published_at: fields.published_at.optional().openapi({ description: 'Default: now.' }),
  form_factors: fields.form_factors.default([]),
});

export const UpdateReleaseBody = z.object({
  project: fields.project.optional(),
  version: fields.version.optional(),
  attention: fields.attention.optional(),
  content: fields.content.optional(),
  locale: fields.locale.optional(),
  published_at: fields.published_at.optional(),
  form_factors: fields.form_factors.optional(),
});

export const ReleaseIdParams = z.object({
  releaseId: z.coerce
    .number()
    .int()
    .positive()
    .max(2_147_483_647)
    .openapi({ param: { name: 'releaseId', in: 'path' }, type: 'integer' }),
});
