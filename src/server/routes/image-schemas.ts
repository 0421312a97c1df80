import { z } from '@hono/zod-openapi';

// Images as API answers carry them for the site's islands: `/_image` URLs signed by the server
// (src/server/images/image-url-signer.ts), ready for an <img>. The endpoint serves no other URLs.

export const ImageAttributesSchema = z
  .object({
    src: z.string().openapi({ description: 'A signed `/_image` URL (1x).' }),
    srcset: z.string().openapi({ description: 'Signed `/_image` URLs with width descriptors.' }),
    sizes: z.string().openapi({ description: 'The displayed size, for the `sizes` attribute.' }),
  })
  .openapi('ImageAttributes', {
    description: "A publisher's image through the site's own image endpoint (signed URLs; beyond the contract).",
  });

export const IconImagesSchema = z.record(z.string(), ImageAttributesSchema).openapi({
  description:
    'Per node id of this page: its icon through the site’s image endpoint, signed, at the size the site ' +
    'shows it (nodes without an icon are absent). Beyond the contract.',
});
