import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Registry } from 'prom-client';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import type { App, AppEnv } from './app-env.ts';
import { ApiError, type ApiErrorCode, type ErrorDetail } from './errors.ts';
import { validationIssue } from './http/validation-issue.ts';
import { bodyLimit, DEFAULT_MAX_BODY_BYTES } from './http/body-limit.ts';
import { MAX_IMAGE_BYTES, MULTIPART_SLACK_BYTES } from './services/workflows/limits.ts';
import { cacheHeaders } from './http/cache-headers.ts';
import { clientAddress } from './http/client-ip.ts';
import { rejectNul } from './http/reject-nul.ts';
import { readOnlyMirror } from './http/read-only-mirror.ts';
import { requestIdFrom } from './http/request-id.ts';
import { accessLog } from './ops/access-log.ts';
import { registerOpsRoutes } from './ops/health-routes.ts';
import { createLogger, scrubSecrets, type Logger } from './ops/logger.ts';
import { createMetrics } from './ops/metrics.ts';
import { rateLimit, type RateLimitConfig } from './ops/rate-limit.ts';
import { registerRoutes } from './routes/index.ts';
import { UPLOAD_NODE_ARCHIVE_PATH } from './routes/publishers/upload-node-archive.ts';
import type { AppDeps } from './app-deps.ts';

/** The document's header; routes contribute everything else. */
export const OPENAPI_CONFIG = {
  openapi: '3.1.0',
  info: {
    title: 'Nodeyard API',
    version: '1.0.0',
    description: 'The Nodeyard registry API, compatible with the Comfy registry API (api.comfy.org).',
  },
};

function zodDetails(error: ZodError): ErrorDetail[] {
  return error.issues.map((issue) => ({
    path: issue.path.join('.') || '(root)',
    message: issue.message,
    ...validationIssue(issue),
  }));
}

function errorBody(code: ApiErrorCode, message: string, details?: ErrorDetail[]) {
  return details ? { error: code, message, details } : { error: code, message };
}

/**
 * The code a refusal answers with: `validation_error`, unless every issue is a custom one naming the same
 * code of its own (`params: { apiCode }`, e.g. `invalid_min_age`), which tells a client more.
 */
function validationCode(error: ZodError): ApiErrorCode {
  const codes = new Set(
    error.issues.map((issue) => (issue.code === 'custom' ? (issue.params?.['apiCode'] as ApiErrorCode) : undefined)),
  );
  const [only] = codes;
  return codes.size === 1 && only ? only : 'validation_error';
}

/** A 400 that names every problem (field path + reason), for every route's zod validation. */
function validationFailed(c: Context<AppEnv>, error: ZodError) {
  const details = zodDetails(error);
  const summary = details.map((d) => `${d.path}: ${d.message}`).join('; ');
  return c.json(errorBody(validationCode(error), `Invalid request: ${summary}`, details), 400);
}

export interface AppOptions {
  /** JSON logger; silent by default so tests stay quiet. */
  logger?: Logger;
  /** Shared (database-backed) rate limits; off unless given. */
  rateLimits?: RateLimitConfig;
  /** Node process metrics (CPU, memory, event loop) next to the API's own; off in tests. */
  processMetrics?: boolean;
  /** When set, GET /metrics needs `Authorization: Bearer <token>`. */
  metricsToken?: string;
  /** /readyz answers 503 once this is true, so load balancers drain the instance. */
  isShuttingDown?: () => boolean;
  /** Largest request body of a route without its own cap (default 1 MiB); more is a 413. */
  maxBodyBytes?: number;
  /** Proxies in front of us that append to X-Forwarded-For (0: use the socket's address). */
  proxyHops?: number;
  /** Adds metrics kept outside the app (the response cache's) to GET /metrics. */
  registerMetrics?: (registry: Registry) => void;
}

/** Builds the API. Served at the root of the API port and under /api on the site. */
export function createApp(services: AppDeps, options: AppOptions = {}): App {
  const logger = options.logger ?? createLogger({ level: 'silent' });
  const metrics = createMetrics(services, { processMetrics: options.processMetrics ?? false });
  options.registerMetrics?.(metrics.registry);
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return validationFailed(c, result.error as ZodError);
      return undefined;
    },
  });

  const proxyHops = options.proxyHops ?? 0;
  app.use('*', async (c, next) => {
    c.set('services', services);
    c.set('requestId', requestIdFrom(c.req.header('x-request-id')));
    c.set('clientIp', clientAddress(c, proxyHops));
    c.set('logger', logger);
    c.set('viewer', undefined);
    await next();
    c.header('X-Request-Id', c.get('requestId'));
    // No response of ours may be sniffed into HTML (relayed vendor bodies, error JSON, archives).
    c.header('X-Content-Type-Options', 'nosniff');
  });
  app.use('*', accessLog(logger));
  app.use('*', metrics.middleware);
  app.use('*', cacheHeaders());
  // Comfy clients call from other origins (the ComfyUI frontend runs in the user's browser).
  app.use(
    '*',
    cors({
      origin: (origin) => origin || '*',
      credentials: true,
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      // The signed index's headers too, so a page can verify what it fetched (docs/index-protocol.md).
      // Nodeyard-Yanked: an exact install of a yanked version says so (routes/nodes/install-node.ts).
      exposeHeaders: [
        'X-Request-Id',
        'Retry-After',
        'Nodeyard-Signature',
        'Nodeyard-Key-Id',
        'Nodeyard-Index-Cursor',
        'Nodeyard-Yanked',
        // The advisories of the version an install or download serves (services/advisories/install-gate.ts).
        'Nodeyard-Advisories',
      ],
      maxAge: 600,
    }),
  );
  // Before anything reads a body (after CORS, so a browser can read the 413). The archive upload
  // streams its body with its own, larger cap.
  app.use(
    '*',
    bodyLimit({
      maxBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      ownCaps: [
        {
          method: 'PUT',
          path: '/storage/objects',
          maxBytes: () => services.config.maxArchiveBytes,
          tooLargeMessage: (maxBytes) => `The archive is larger than the limit of ${maxBytes} bytes.`,
        },
        // A zip uploaded from the dashboard: the same cap as the upload URL's, read by the route itself.
        {
          method: 'POST',
          path: UPLOAD_NODE_ARCHIVE_PATH,
          maxBytes: () => services.config.maxArchiveBytes,
          tooLargeMessage: (maxBytes) => `The archive is larger than the limit of ${maxBytes} bytes.`,
        },
        // Workflow images (8 MB) and their multipart envelope; the route applies the per-type limits.
        { method: 'POST', path: '/workflows/resolve', maxBytes: MAX_IMAGE_BYTES + MULTIPART_SLACK_BYTES },
      ],
    }),
  );
  // After CORS, so a browser can read the 429 and its Retry-After.
  if (options.rateLimits) app.use('*', rateLimit(options.rateLimits));
  app.use('*', rejectNul());
  // A mirror of another registry takes no writes (MIRROR_UPSTREAM, docs/index-protocol.md).
  // (`services.config` is absent when the app is built only for its OpenAPI document.)
  if (services.config?.readOnlyMirror) app.use('*', readOnlyMirror());

  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(errorBody(error.code, error.message, error.details), error.status);
    if (error instanceof ZodError) return validationFailed(c, error);
    // Malformed JSON bodies surface from the body parser, as an HTTPException or a SyntaxError.
    if (error instanceof SyntaxError || (error instanceof HTTPException && error.status === 400)) {
      return c.json(errorBody('invalid_body', 'The request body is not valid JSON.'), 400);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json(errorBody('http_error', error.message), error.status);
    }
    logger.error(
      { requestId: c.get('requestId'), err: { message: scrubSecrets(String(error)), stack: error.stack } },
      'unhandled error',
    );
    return c.json(errorBody('internal_error', 'Something went wrong on our side. Please try again.'), 500);
  });
  app.notFound((c) => c.json(errorBody('not_found', `No API route for ${c.req.method} ${c.req.path}.`), 404));

  registerOpsRoutes(app, services, metrics, {
    ...(options.metricsToken ? { metricsToken: options.metricsToken } : {}),
    ...(options.isShuttingDown ? { isShuttingDown: options.isShuttingDown } : {}),
  });
  registerRoutes(app);

  app.doc31('/openapi.json', OPENAPI_CONFIG);
  return app;
}
