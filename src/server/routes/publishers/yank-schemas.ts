import { z } from '@hono/zod-openapi';
import { PublisherNodeParams } from './schemas.ts';

// Request shapes of the yank and unyank routes (services/versions/yank.ts).

export const YankParams = PublisherNodeParams.extend({
  version: z
    .string()
    .min(1)
    .max(100)
    .openapi({
      param: { name: 'version', in: 'path' },
      description: 'The version number (1.2.0; normalized like on publish) or the version id.',
    }),
});

export const YankBody = z
  .object({
    reason: z.string().trim().min(1, 'say why the version is yanked').max(500).openapi({
      description: 'Why the version should not be installed any more; shown beside it and sent with an exact install.',
    }),
  })
  .openapi('YankNodeVersionRequest');
