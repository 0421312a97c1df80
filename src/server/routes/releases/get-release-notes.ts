import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { RELEASE_LOCALES, RELEASE_PROJECTS, type ReleaseLocale } from '../../services/releases/release-values.ts';
import { listReleaseNotes } from '../../services/releases/list-releases.ts';
import { toApiReleaseNote } from '../../services/releases/serialize.ts';
import { normalizeVersion } from '../../services/versions/semver.ts';
import { errorResponses } from '../schemas.ts';
import { optionalText } from '../nodes/query-params.ts';
import { ReleaseNoteSchema } from './schemas.ts';

const firstValue = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/** `zh-CN`, `fr_FR`, `JA` → the supported base language; anything unsupported → English. */
function toReleaseLocale(value: string | undefined): ReleaseLocale {
  const base = value?.trim().toLowerCase().split(/[-_]/)[0];
  return (RELEASE_LOCALES as readonly string[]).includes(base ?? '') ? (base as ReleaseLocale) : 'en';
}

const route = createRoute({
  method: 'get',
  path: '/releases',
  operationId: 'getReleaseNotes',
  tags: ['Releases'],
  summary: 'Release notes of a project, newest version first',
  description:
    'Only published notes (published_at in the past). With `current_version`, only notes for newer versions ' +
    '(semver precedence; `v0.3.40` and `0.3.40` are the same version). Each note comes in the asked `locale` ' +
    'when translated, else in English; an unsupported locale means English. With `form_factor`, notes aimed ' +
    'at other form factors are left out.',
  request: {
    query: z.object({
      project: z.preprocess(firstValue, z.enum(RELEASE_PROJECTS)),
      current_version: optionalText
        .refine((value) => value === undefined || normalizeVersion(value) !== null, {
          message: 'Expected a version such as 0.3.40.',
        })
        .transform((value) => (value === undefined ? undefined : normalizeVersion(value)!))
        .openapi({ type: 'string' }),
      locale: optionalText.openapi({ type: 'string', enum: [...RELEASE_LOCALES], default: 'en' }),
      form_factor: optionalText.refine((value) => value === undefined || value.length <= 100, {
        message: 'At most 100 characters.',
      }),
    }),
  },
  responses: {
    200: {
      description: 'Release notes, newest version first',
      content: { 'application/json': { schema: z.array(ReleaseNoteSchema) } },
    },
    ...errorResponses(400),
  },
});

export function registerGetReleaseNotes(app: App) {
  app.openapi(route, async (c) => {
    const query = c.req.valid('query');
    const { db, clock } = c.get('services');
    const notes = await listReleaseNotes(db, {
      project: query.project,
      newerThan: query.current_version,
      locale: toReleaseLocale(query.locale),
      formFactor: query.form_factor,
      now: clock.now(),
    });
    return c.json(notes.map(toApiReleaseNote), 200);
  });
}
