import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { App, AppEnv } from '../../app-env.ts';
import { requireActiveCustomerCaller, type CustomerCaller } from '../../auth/api-key.ts';
import { ApiError } from '../../errors.ts';
import { customerRequired, findCustomer } from '../../services/customers/customer-store.ts';
import { recordCustomerEvent } from '../../services/customers/events.ts';
import { forwardToVendor, vendorNotConfigured } from '../../services/vendor-proxy/forward.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { paramsSchema, queryPairs, safeAccept, vendorSegments } from './proxy-params.ts';
import type { ProxyRouteSpec } from './proxy-table.ts';

const apiKeySecurity = [...bearerSecurity, { ApiKeyAuth: [] }];

/** Statuses that must not carry a body. */
const BODYLESS = new Set([101, 204, 205, 304]);

function vendorHeaders(c: Context<AppEnv>, spec: ProxyRouteSpec): Record<string, string> {
  const headers: Record<string, string> = {};
  if (spec.forwardAccept) headers['Accept'] = safeAccept(c.req.header('accept'), 'image/*');
  if (spec.traceId) {
    const given = c.req.header('ai-trace-id');
    headers['Ai-trace-id'] = given && /^[A-Za-z0-9-]{1,100}$/.test(given) ? given : crypto.randomUUID();
  }
  return headers;
}

async function recordUsage(
  c: Context<AppEnv>,
  caller: CustomerCaller,
  spec: ProxyRouteSpec,
  segments: string[],
  status: number,
  startedAt: number,
) {
  await recordCustomerEvent(c.get('services').db, caller.user.id, 'api_usage', {
    vendor: spec.vendor,
    operation: spec.operationId,
    path: `/${segments.join('/')}`,
    status,
    duration_ms: Date.now() - startedAt,
    auth: caller.via,
    ...(caller.apiKeyId ? { api_key_id: caller.apiKeyId } : {}),
  });
}

/** Registers one proxied vendor GET: authenticate, check the customer, forward, record the call. */
export function registerProxyRoute(app: App, spec: ProxyRouteSpec) {
  const route = createRoute({
    method: 'get',
    path: spec.path,
    operationId: spec.operationId,
    tags: ['Vendor proxy'],
    summary: spec.summary,
    description:
      `Forwarded to the configured ${spec.vendor} API with the server's credential; the vendor's status and ` +
      'body pass through. Caller: a Firebase ID token or X-API-KEY. 503 when the vendor is not configured, ' +
      '504 on timeout, 502 when the vendor is unreachable, redirects, or answers too much or with a media type ' +
      'that is not relayed (only JSON, and raster images where the vendor returns results as images).',
    security: apiKeySecurity,
    request: { params: paramsSchema(spec.path, spec.integerParams), ...(spec.query ? { query: spec.query } : {}) },
    responses: {
      200: { description: "The vendor's answer, passed through (any vendor status code)" },
      ...errorResponses(400, 401, 403),
      502: { description: 'Vendor unreachable, redirecting, answer too large, or not JSON (or an allowed image)' },
      503: { description: 'Vendor not configured' },
      504: { description: 'Vendor timed out' },
    },
  });

  app.openapi(route, async (c) => {
    const caller = await requireActiveCustomerCaller(c);
    const { db, config } = c.get('services');
    if (!(await findCustomer(db, caller.user.id))) throw customerRequired();
    if (!config.vendorProxy?.vendors[spec.vendor]) throw vendorNotConfigured(spec.vendor);
    const params = c.req.valid('param' as never) as Record<string, string>;
    const query = spec.query ? (c.req.valid('query' as never) as Record<string, unknown>) : {};
    const segments = vendorSegments(spec.path, params);
    const startedAt = Date.now();
    try {
      const answer = await forwardToVendor(config.vendorProxy, {
        vendor: spec.vendor,
        segments,
        query: queryPairs(query),
        headers: vendorHeaders(c, spec),
        images: spec.forwardAccept ?? false,
        videos: spec.relaysVideo ?? false,
      });
      await recordUsage(c, caller, spec, segments, answer.status, startedAt);
      const headers = new Headers();
      if (answer.contentType) headers.set('Content-Type', answer.contentType);
      const body = BODYLESS.has(answer.status) ? null : answer.body;
      return new Response(body, { status: answer.status, headers });
    } catch (error) {
      if (error instanceof ApiError) await recordUsage(c, caller, spec, segments, error.status, startedAt);
      throw error;
    }
  });
}
