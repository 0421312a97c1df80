import type { App } from '../../app-env.ts';
import { registerCreateNodeTranslations } from './create-node-translations.ts';
import { registerGetNode } from './get-node.ts';
import { registerInstallNode } from './install-node.ts';
import { registerListNodes } from './list-nodes.ts';
import { registerPostNodeReview } from './post-node-review.ts';
import { registerSearchNodes } from './search-nodes.ts';
import { registerSuggestNodes } from './suggest-nodes.ts';

/** The /nodes routes: public reads, install, reviews and translations. /nodes/search and /nodes/suggest must come before /nodes/{nodeId}. */
export function registerNodeRoutes(app: App) {
  registerListNodes(app);
  registerSearchNodes(app);
  registerSuggestNodes(app);
  registerGetNode(app);
  registerInstallNode(app);
  registerPostNodeReview(app);
  registerCreateNodeTranslations(app);
}
