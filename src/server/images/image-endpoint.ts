import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import sharp from 'sharp';
import type { Clock } from '../clock.ts';
import type { Env } from '../env.ts';
import { trustedProxyHops } from '../env.ts';
import { clientAddress } from '../http/client-ip.ts';
import { createImageService } from './image-service.ts';
import type { ImageUrlSigner } from './image-url-signer.ts';

// The /_image endpoint as the site server mounts it (main.ts): the image service configured from the
// environment, answering with the client's address as the API's rate limiter sees it.

export function imageEndpoint(env: Env, services: { imageUrls: ImageUrlSigner; clock: Clock }) {
  // One libvips thread per decode (its default is one per core): with one decode at a time
  // (IMAGE_DECODE_CONCURRENCY), a core stays free for pages and the API however many images are asked for.
  sharp.concurrency(1);
  const images = createImageService({
    maxBytes: env.IMAGE_MAX_BYTES,
    timeoutMs: env.IMAGE_FETCH_TIMEOUT_MS,
    cacheBytes: env.IMAGE_CACHE_BYTES,
    allowLoopback: env.IMAGE_ALLOW_LOOPBACK,
    signer: services.imageUrls,
    clock: services.clock,
    maxInputPixels: env.IMAGE_MAX_INPUT_PIXELS,
    decode: { concurrency: env.IMAGE_DECODE_CONCURRENCY, maxWaiting: env.IMAGE_DECODE_QUEUE },
    ...(env.RATE_LIMIT_ENABLED
      ? { clientBudget: { burst: env.IMAGE_RATE_LIMIT_BURST, perMinute: env.IMAGE_RATE_LIMIT_PER_MINUTE } }
      : {}),
  });
  const hops = trustedProxyHops(env);
  const app = new Hono().all('*', (c) => images.respond(c.req.raw, clientAddress(c, hops)));
  return { images, listener: getRequestListener(app.fetch) };
}
