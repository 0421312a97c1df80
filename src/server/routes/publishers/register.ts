import type { App } from '../../app-env.ts';
import { registerAppealPublisherBan } from './appeal-publisher-ban.ts';
import { registerClaimMyNode } from './claim-my-node.ts';
import { registerCreateNode } from './create-node.ts';
import { registerCreatePersonalAccessToken } from './create-personal-access-token.ts';
import { registerCreatePublisher } from './create-publisher.ts';
import { registerDeleteNodeVersion } from './delete-node-version.ts';
import { registerDeleteNode } from './delete-node.ts';
import { registerDeletePersonalAccessToken } from './delete-personal-access-token.ts';
import { registerDeletePublisher } from './delete-publisher.ts';
import { registerGetPermissionOnPublisherNodes } from './get-permission-on-publisher-nodes.ts';
import { registerGetPermissionOnPublisher } from './get-permission-on-publisher.ts';
import { registerGetPublisher } from './get-publisher.ts';
import { registerListNodesForPublisherV2 } from './list-nodes-for-publisher-v2.ts';
import { registerListNodesForPublisher } from './list-nodes-for-publisher.ts';
import { registerListPersonalAccessTokens } from './list-personal-access-tokens.ts';
import { registerListPublishers } from './list-publishers.ts';
import { registerUnyankNodeVersion } from './unyank-node-version.ts';
import { registerUpdateNodeVersion } from './update-node-version.ts';
import { registerUpdateNode } from './update-node.ts';
import { registerUpdatePublisher } from './update-publisher.ts';
import { registerUploadNodeArchive } from './upload-node-archive.ts';
import { registerValidatePublisher } from './validate-publisher.ts';
import { registerYankNodeVersion } from './yank-node-version.ts';

/**
 * The publisher routes (publishers, their nodes and versions, tokens, permissions, claim). Order
 * matters where a literal segment competes with a parameter: /publishers/validate before
 * /publishers/{publisherId}, /nodes/v2 before anything under /nodes/{nodeId}.
 */
export function registerPublisherRoutes(app: App) {
  registerValidatePublisher(app);
  registerListPublishers(app);
  registerCreatePublisher(app);
  registerGetPublisher(app);
  registerUpdatePublisher(app);
  registerDeletePublisher(app);
  registerGetPermissionOnPublisher(app);
  registerListNodesForPublisherV2(app);
  registerListNodesForPublisher(app);
  registerCreateNode(app);
  registerUpdateNode(app);
  registerDeleteNode(app);
  registerGetPermissionOnPublisherNodes(app);
  registerUpdateNodeVersion(app);
  registerDeleteNodeVersion(app);
  registerYankNodeVersion(app);
  registerUnyankNodeVersion(app);
  registerClaimMyNode(app);
  registerListPersonalAccessTokens(app);
  registerCreatePersonalAccessToken(app);
  registerDeletePersonalAccessToken(app);
  registerAppealPublisherBan(app);
  registerUploadNodeArchive(app);
}
