import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { ApiError, badRequest } from '../../errors.ts';
import { processReleaseEvent, validSignature, type ReleaseEvent } from '../../services/releases/release-webhook.ts';
import { errorResponses } from '../schemas.ts';

const MAX_WEBHOOK_BYTES = 1024 * 1024;

const Headers = z.object({
  'x-github-event': z
    .enum(['release', 'ping'])
    .openapi({ description: '`release` (a `ping` is answered and ignored).' }),
  'x-github-delivery': z.string().max(100).optional(),
  'x-hub-signature-256': z.string().optional().openapi({ description: 'HMAC-SHA256 of the body, required here.' }),
});

const ReleaseEventSchema = z
  .object({
    action: z.string().max(50),
    release: z.object({
      tag_name: z.string().min(1).max(200),
      name: z.string().max(500).nullish(),
      body: z.string().nullish(),
      html_url: z.string().max(2000).optional(),
      draft: z.boolean(),
      prerelease: z.boolean(),
      published_at: z.iso.datetime({ offset: true }).nullish(),
    }),
    repository: z.object({ full_name: z.string().min(3).max(200) }),
  })
  .openapi('GithubReleaseWebhook');

const OutcomeSchema = z
  .object({
    processed: z.boolean(),
    action: z.enum(['created', 'updated']).optional(),
    release_note_id: z.number().int().optional(),
    reason: z.string().optional(),
  })
  .openapi('ReleaseWebhookOutcome');

const route = createRoute({
  method: 'post',
  path: '/releases',
  operationId: 'processReleaseWebhook',
  tags: ['Releases'],
  summary: 'GitHub release webhook: a published release becomes an English release note',
  description:
    'Authenticated by X-Hub-Signature-256 with RELEASE_WEBHOOK_SECRET (401 when missing or wrong; 503 when ' +
    'the secret is not configured). Repositories: comfyanonymous/ComfyUI, Comfy-Org/ComfyUI_frontend, ' +
    'Comfy-Org/desktop (others 422). Drafts and prereleases are ignored; an existing note is never ' +
    'overwritten unless the webhook created it and the release was edited.',
  request: {
    headers: Headers,
    body: { required: true, content: { 'application/json': { schema: ReleaseEventSchema } } },
  },
  responses: {
    200: { description: 'Webhook processed', content: { 'application/json': { schema: OutcomeSchema } } },
    ...errorResponses(400, 401, 413, 422),
    503: { description: 'The webhook secret is not configured' },
  },
});

export function registerProcessReleaseWebhook(app: App) {
  // Before the body is parsed: the signature covers the exact bytes, and an unsigned request is
  // refused before any of it is looked at. Reading the text first also caches it for the validator.
  app.use('/releases', async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const secret = c.get('services').config.releaseWebhookSecret;
    if (!secret) throw new ApiError(503, 'webhook_not_configured', 'The release webhook is not configured here.');
    const declared = Number(c.req.header('content-length'));
    if (Number.isFinite(declared) && declared > MAX_WEBHOOK_BYTES) {
      throw new ApiError(413, 'payload_too_large', 'The webhook payload is too large.');
    }
    const raw = await c.req.text();
    if (raw.length > MAX_WEBHOOK_BYTES)
      throw new ApiError(413, 'payload_too_large', 'The webhook payload is too large.');
    if (!validSignature(secret, raw, c.req.header('x-hub-signature-256'))) {
      throw new ApiError(401, 'invalid_signature', 'X-Hub-Signature-256 is missing or does not match the body.');
    }
    // GitHub pings a new hook with a body of its own; other events have other shapes: neither is a release.
    const event = c.req.header('x-github-event');
    if (event === 'ping') return c.json({ processed: false, reason: 'ping' }, 200);
    if (event !== undefined && event !== 'release') {
      throw badRequest(`Only release events are processed, not "${event.slice(0, 50)}".`, 'unsupported_event');
    }
    return next();
  });

  app.openapi(route, async (c) => {
    const event = c.req.valid('header')['x-github-event'];
    if (event === 'ping') return c.json({ processed: false, reason: 'ping' }, 200);
    if (event !== 'release')
      throw badRequest(`Only release events are processed, not "${event}".`, 'unsupported_event');
    const { db, clock } = c.get('services');
    const outcome = await processReleaseEvent(db, c.req.valid('json') as ReleaseEvent, {
      delivery: c.req.valid('header')['x-github-delivery'],
      now: clock.now(),
    });
    return c.json(outcome, 200);
  });
}
