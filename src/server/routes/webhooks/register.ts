import type { App } from '../../app-env.ts';
import { registerCreateWebhook } from './create-webhook.ts';
import { registerDeleteWebhook } from './delete-webhook.ts';
import { registerListWebhooks } from './list-webhooks.ts';
import { registerPingWebhook } from './ping-webhook.ts';

/** A publisher's webhook endpoints (docs/publishing.md § Webhooks). */
export function registerWebhookRoutes(app: App) {
  registerListWebhooks(app);
  registerCreateWebhook(app);
  registerDeleteWebhook(app);
  registerPingWebhook(app);
}
