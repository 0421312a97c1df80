// The "how to publish" panel's copyable snippets, built from the publisher id and this server's API.

/** comfy-cli knows only three registries; `ENVIRONMENT=dev` means exactly http://localhost:8080. */
export const COMFY_CLI_DEV_URL = 'http://localhost:8080';

/** The [tool.comfy] block of pyproject.toml that ties a pack to the publisher. */
export function pyprojectSnippet(publisherId: string): string {
  return `[tool.comfy]\nPublisherId = "${publisherId}"\nDisplayName = "My Nodes"\nIcon = ""`;
}

/** Whether comfy-cli can reach this API with ENVIRONMENT=dev (only when it is served at localhost:8080). */
export function reachableWithDevEnvironment(apiUrl: string): boolean {
  try {
    const url = new URL(apiUrl);
    return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) && url.port === '8080' && url.pathname === '/';
  } catch {
    return false;
  }
}

/** The publish command: with ENVIRONMENT=dev when this registry is the local one comfy-cli knows. */
export function publishCommand(apiUrl: string): string {
  const prefix = reachableWithDevEnvironment(apiUrl) ? 'ENVIRONMENT=dev ' : '';
  return `${prefix}comfy node publish --token "$REGISTRY_ACCESS_TOKEN"`;
}
