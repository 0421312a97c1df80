import { z } from '@hono/zod-openapi';
import { optionalUrl } from './field-schemas.ts';

// The node and version metadata of a publish, whichever way it comes: comfy-cli's JSON body
// (publish-node-version.ts) or the pyproject.toml of a zip uploaded from the dashboard
// (upload-node-archive.ts), held to the same limits.

// Unknown fields are accepted (stripped); optional ones may be null, as Python clients send None.
const text = (max: number) => z.string().max(max).nullish();
const list = (maxItems: number, maxLength = 200) => z.array(z.string().max(maxLength)).max(maxItems).nullish();
const compatibility = {
  supported_os: list(50),
  supported_accelerators: list(50),
  supported_comfyui_version: text(200),
  supported_comfyui_frontend_version: text(200),
};

export const PublishNodeSchema = z.object({
  // The id's format is checked after the token (the documented order), so only its size here.
  id: z.string().max(1000),
  name: text(200),
  description: text(10_000),
  // The same http(s)-only rule as the dashboard's node edit: these are rendered as links and images.
  icon: optionalUrl(),
  license: text(10_000).openapi({ description: 'JSON-encoded, e.g. `{"text": "MIT"}`; stored as given.' }),
  repository: optionalUrl(),
  banner_url: optionalUrl(),
  tags: list(50, 100),
  category: text(200),
  author: text(200),
  ...compatibility,
});

export const PublishVersionSchema = z.object({
  version: z.string().max(256),
  changelog: text(100_000),
  dependencies: list(1000, 1000),
  ...compatibility,
});
