// The "how to publish" panel's copyable text, built from the publisher, the node id the publisher
// types and this server's public API address.
//
// comfy-cli cannot be pointed at an arbitrary registry: RegistryAPI.determine_base_url
// (comfy_cli/registry/api.py) knows api.comfy.org, https://stagingapi.comfy.org with
// ENVIRONMENT=staging and http://localhost:8080 with ENVIRONMENT=dev, and no setting or variable
// names another address (docs/publishing.md). So `comfy node publish` is offered only when this API
// is served at localhost:8080; everywhere else the zip `comfy node pack` makes is uploaded, from the
// browser or with curl and a personal access token (POST /publishers/{id}/archives).

/** The one address besides Comfy's own that comfy-cli can publish to (`ENVIRONMENT=dev`). */
export const COMFY_CLI_DEV_URL = 'http://localhost:8080';

/** What `comfy node pack` writes in the node's folder. */
export const PACKED_ZIP = 'node.zip';

/** The node id rule of the registry (letters, digits, `.`, `_`, `-`; a letter or digit at both ends). */
const NODE_ID = /^[a-zA-Z0-9](?:[a-zA-Z0-9._-]{0,98}[a-zA-Z0-9])?$/;

export function isValidNodeId(id: string): boolean {
  return NODE_ID.test(id);
}

/** Whether comfy-cli reaches this API with ENVIRONMENT=dev (only when it is served at localhost:8080). */
export function reachableWithDevEnvironment(apiUrl: string): boolean {
  try {
    const url = new URL(apiUrl);
    return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) && url.port === '8080' && url.pathname === '/';
  } catch {
    return false;
  }
}

const tomlString = (value: string) => JSON.stringify(value);

/** A complete pyproject.toml for a new pack: the fields comfy-cli reads, with this publisher and node id. */
export function pyprojectToml(publisherId: string, nodeId: string): string {
  return [
    '[project]',
    `name = ${tomlString(nodeId)}`,
    'description = ""',
    'version = "1.0.0"',
    'license = { text = "MIT" }',
    'dependencies = []',
    '',
    '[project.urls]',
    'Repository = ""',
    '',
    '[tool.comfy]',
    `PublisherId = ${tomlString(publisherId)}`,
    `DisplayName = ${tomlString(nodeId)}`,
    'Icon = ""',
  ].join('\n');
}

/** The address of the zip upload of `publisherId` on this API. */
export function archiveUploadUrl(apiUrl: string, publisherId: string): string {
  return `${apiUrl.replace(/\/+$/, '')}/publishers/${encodeURIComponent(publisherId)}/archives`;
}

/**
 * The shell lines that publish the pack in the current folder to THIS registry with a personal
 * access token in $REGISTRY_ACCESS_TOKEN: comfy-cli's own publish where it can reach this API,
 * else its pack and an upload of the zip.
 */
export function commandLinePublish(apiUrl: string, publisherId: string): string[] {
  if (reachableWithDevEnvironment(apiUrl)) {
    return ['ENVIRONMENT=dev comfy node publish --token "$REGISTRY_ACCESS_TOKEN"'];
  }
  return [
    'comfy node pack',
    'curl --fail-with-body -X POST \\',
    '  -H "Authorization: Bearer $REGISTRY_ACCESS_TOKEN" \\',
    '  -H "Content-Type: application/zip" \\',
    `  --data-binary @${PACKED_ZIP} \\`,
    `  '${archiveUploadUrl(apiUrl, publisherId).replaceAll("'", "'\\''")}'`,
  ];
}
