import type { PackProject } from '../../analysis/pack/pyproject.ts';
import type { PublishNodeInput, PublishVersionInput } from './publish-input.ts';

/**
 * The publish body comfy-cli would send for this pyproject.toml (registry/api.py,
 * `publish_node_version`): the node's metadata and the version's, compatibility on both. The route
 * holds it to the same schema as comfy-cli's body before anything is written.
 */
export function packPublishBody(project: PackProject): { node: PublishNodeInput; node_version: PublishVersionInput } {
  const compatibility = {
    supported_os: project.supportedOs,
    supported_accelerators: project.supportedAccelerators,
    supported_comfyui_version: project.requiresComfyui ?? null,
    supported_comfyui_frontend_version: project.requiresFrontend ?? null,
  };
  return {
    node: {
      id: project.name,
      name: project.displayName ?? null,
      description: project.description ?? null,
      icon: project.icon ?? null,
      license: project.license ?? null,
      repository: project.repository ?? null,
      banner_url: project.banner ?? null,
      ...compatibility,
    },
    node_version: { version: project.version, dependencies: project.dependencies, ...compatibility },
  };
}
