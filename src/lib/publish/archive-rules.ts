// The archive rules a plainly bad zip breaks (not-a-zip, a bomb, an unsafe path…), by id: the server's
// zip reader refuses with them (src/server/analysis/pack/zip-rule.ts) and the publish page names each
// one in the page's language, so the list lives here, where both may import it.

export const INVALID_ARCHIVE_RULES = [
  'not-a-zip',
  'empty',
  'unsafe-path',
  'file-type',
  'unsupported-feature',
  'limits',
  'zip-bomb',
] as const;
