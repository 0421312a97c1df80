import type { OpenAPIHono } from '@hono/zod-openapi';
import type { UserRow } from './db/rows.ts';
import type { Logger } from './ops/logger.ts';
import type { AppDeps } from './app-deps.ts';

export interface AppEnv {
  Variables: {
    services: AppDeps;
    requestId: string;
    /** The client's address: the socket's, or the one the trusted proxies forwarded (http/client-ip.ts). */
    clientIp: string;
    /** The app's logger, for work that outlives the request (e.g. install counting). */
    logger: Logger;
    /** The signed-in user, resolved at most once per request (undefined = not looked up yet). */
    viewer: UserRow | null | undefined;
    /** Whether the viewer's e-mail address is verified (Firebase claim; admin tokens count as verified). */
    viewerEmailVerified: boolean | undefined;
    /** The bearer token was valid but its session was signed out everywhere (401 session_revoked). */
    sessionRevoked: boolean | undefined;
  };
}

export type App = OpenAPIHono<AppEnv>;
