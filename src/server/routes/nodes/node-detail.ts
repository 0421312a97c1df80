import type { NodeBundle } from '../../services/nodes/load-bundles.ts';
import type { AppConfig } from '../../app-deps.ts';
import { toApiNode } from '../../services/serialize/node.ts';

/**
 * A single Node as the detail routes answer it. `translations` can be large and only getNode's
 * `include_translations=true` asks for them, so they are left out otherwise.
 */
export function nodeDetail(bundle: NodeBundle, config: AppConfig, includeTranslations = false) {
  const { translations, ...node } = toApiNode(bundle, config);
  return includeTranslations ? { ...node, translations } : node;
}
