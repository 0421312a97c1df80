import type { OpenAPIHono } from '@hono/zod-openapi';
import type { UserRow } from './db/rows.ts';
import type { Services } from './services.ts';

export interface AppEnv {
  Variables: {
    services: Services;
    requestId: string;
    /** The signed-in user, resolved at most once per request (undefined = not looked up yet). */
    viewer: UserRow | null | undefined;
  };
}

export type App = OpenAPIHono<AppEnv>;
