import { UNCLAIMED_PUBLISHER_ID } from './unclaimed.ts';

// Publisher ids appear in URLs and in comfy-cli's pyproject.toml, so they are short, lower-case and
// unambiguous. Names that could pass for the registry itself or a core project are reserved.
export const PUBLISHER_ID_PATTERN = /^[a-z][a-z0-9-]{1,38}[a-z0-9]$/;

export const PUBLISHER_ID_RULE =
  'A publisher id is 3 to 40 characters: lower-case letters (a-z), digits and hyphens; ' +
  'it starts with a letter and ends with a letter or digit.';

export const RESERVED_PUBLISHER_IDS: ReadonlySet<string> = new Set([
  'admin',
  'administrator',
  'anonymous',
  'api',
  'comfy',
  'comfyanonymous',
  'comfyui',
  'comfy-org',
  'comfyorg',
  'help',
  'moderator',
  'nodeyard',
  'official',
  'registry',
  'root',
  'security',
  'staff',
  'support',
  'system',
  UNCLAIMED_PUBLISHER_ID,
  'www',
]);

export type PublisherIdProblem = { code: 'invalid_publisher_id' | 'reserved_publisher_id'; message: string };

/** Why an id cannot be used (format or reserved), or null when it may be. Availability is checked apart. */
export function publisherIdProblem(id: string): PublisherIdProblem | null {
  if (!PUBLISHER_ID_PATTERN.test(id)) return { code: 'invalid_publisher_id', message: PUBLISHER_ID_RULE };
  if (RESERVED_PUBLISHER_IDS.has(id)) {
    return { code: 'reserved_publisher_id', message: `The publisher id "${id}" is reserved. Choose another one.` };
  }
  return null;
}
