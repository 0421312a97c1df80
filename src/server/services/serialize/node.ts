import type { AppConfig } from '../../app-deps.ts';
import type { NodeBundle } from '../nodes/load-bundles.ts';
import { boundedTranslations } from '../translations/translation-policy.ts';
import { toApiNodeVersion } from './node-version.ts';
import { omitNullish } from './omit-empty.ts';
import { toApiPublisher } from './publisher.ts';

/**
 * The contract's Node. `id`, `name`, `description` are always present; `latest_version` is left
 * out (never null) when there is no installable version.
 */
export function toApiNode(bundle: NodeBundle, config: AppConfig, options: { includeStatusReason?: boolean } = {}) {
  const { node, publisher, latest } = bundle;
  return omitNullish({
    id: node.id,
    name: node.name,
    description: node.description,
    category: node.category,
    author: node.author,
    license: node.license,
    icon: node.icon,
    banner_url: node.bannerUrl,
    repository: node.repository,
    tags: node.tags,
    tags_admin: node.tagsAdmin,
    supported_os: node.supportedOs,
    supported_accelerators: node.supportedAccelerators,
    supported_comfyui_version: node.supportedComfyuiVersion,
    supported_comfyui_frontend_version: node.supportedComfyuiFrontendVersion,
    latest_version: latest
      ? toApiNodeVersion(latest.version, {
          config,
          hasArchive: latest.hasArchive,
          sha256: latest.sha256,
          includeStatusReason: options.includeStatusReason ?? true,
          provenance: bundle.latestProvenance,
        })
      : undefined,
    rating: node.totalReview > 0 ? node.totalStar / node.totalReview : 0,
    downloads: node.totalInstall,
    github_stars: node.githubStars,
    publisher: publisher ? toApiPublisher(publisher) : undefined,
    status: node.status,
    status_detail: node.statusDetail,
    // Only what the translation policy allows, whatever older writes left in the row.
    translations: boundedTranslations(node.translations),
    search_ranking: node.searchRanking,
    preempted_comfy_node_names: node.preemptedComfyNodeNames,
    created_at: node.createdAt.toISOString(),
  });
}

export type ApiNode = ReturnType<typeof toApiNode>;
