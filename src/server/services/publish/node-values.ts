import type { nodes, nodeVersions } from '../../db/schema/index.ts';
import type { PublishNodeInput, PublishVersionInput } from './publish-input.ts';

type NodeInsert = typeof nodes.$inferInsert;
type VersionInsert = typeof nodeVersions.$inferInsert;

const given = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

/**
 * Node metadata from a publish body. A publish mirrors pyproject.toml, so fields that are sent
 * overwrite the stored ones; fields that are absent (or null) keep what is there. An empty name
 * never blanks a node's name.
 */
export function nodeMetadata(input: PublishNodeInput): Partial<NodeInsert> {
  const values: Partial<NodeInsert> = {};
  if (given(input.name) && input.name.trim() !== '') values.name = input.name;
  if (given(input.description)) values.description = input.description;
  if (given(input.icon)) values.icon = input.icon;
  if (given(input.license)) values.license = input.license;
  if (given(input.repository)) values.repository = input.repository;
  if (given(input.banner_url)) values.bannerUrl = input.banner_url;
  if (given(input.tags)) values.tags = input.tags;
  if (given(input.category)) values.category = input.category;
  if (given(input.author)) values.author = input.author;
  if (given(input.supported_os)) values.supportedOs = input.supported_os;
  if (given(input.supported_accelerators)) values.supportedAccelerators = input.supported_accelerators;
  if (given(input.supported_comfyui_version)) values.supportedComfyuiVersion = input.supported_comfyui_version;
  if (given(input.supported_comfyui_frontend_version)) {
    values.supportedComfyuiFrontendVersion = input.supported_comfyui_frontend_version;
  }
  return values;
}

/** The new version's columns. Compatibility fields fall back to the node's (comfy-cli sends both). */
export function versionValues(
  input: PublishVersionInput,
  node: PublishNodeInput,
): Pick<
  VersionInsert,
  | 'changelog'
  | 'dependencies'
  | 'supportedOs'
  | 'supportedAccelerators'
  | 'supportedComfyuiVersion'
  | 'supportedComfyuiFrontendVersion'
> {
  return {
    changelog: input.changelog ?? '',
    // Upstream fails with a 500 when dependencies are missing; an absent list just means none.
    dependencies: input.dependencies ?? [],
    supportedOs: input.supported_os ?? node.supported_os ?? [],
    supportedAccelerators: input.supported_accelerators ?? node.supported_accelerators ?? [],
    supportedComfyuiVersion: input.supported_comfyui_version ?? node.supported_comfyui_version ?? null,
    supportedComfyuiFrontendVersion:
      input.supported_comfyui_frontend_version ?? node.supported_comfyui_frontend_version ?? null,
  };
}
