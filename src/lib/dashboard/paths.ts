import type { Locale } from '../../i18n/locales.ts';

/** Site pages of the dashboard and the claim flow. */
export const dashboardPath = (lang: Locale) => `/${lang}/nodes`;
export const claimPath = (lang: Locale, nodeId: string) => `/${lang}/nodes/claim?nodeId=${encodeURIComponent(nodeId)}`;
export const nodePagePath = (lang: Locale, nodeId: string) => `/${lang}/nodes/${encodeURIComponent(nodeId)}`;

/** API paths the dashboard calls (the query cache keys by these). */
export const api = {
  myPublishers: '/users/publishers/',
  validatePublisher: '/publishers/validate',
  publishers: '/publishers',
  publisher: (id: string) => `/publishers/${encodeURIComponent(id)}`,
  permissions: (id: string) => `/publishers/${encodeURIComponent(id)}/permissions`,
  nodesV2: (id: string) => `/publishers/${encodeURIComponent(id)}/nodes/v2`,
  node: (publisherId: string, nodeId: string) =>
    `/publishers/${encodeURIComponent(publisherId)}/nodes/${encodeURIComponent(nodeId)}`,
  version: (publisherId: string, nodeId: string, versionId: string) =>
    `/publishers/${encodeURIComponent(publisherId)}/nodes/${encodeURIComponent(nodeId)}/versions/${encodeURIComponent(versionId)}`,
  /** Yank (POST) and unyank (POST …/unyank) by version number (routes/publishers/yank-node-version.ts). */
  yank: (publisherId: string, nodeId: string, version: string, undo = false) =>
    `/publishers/${encodeURIComponent(publisherId)}/nodes/${encodeURIComponent(nodeId)}/versions/${encodeURIComponent(version)}/${undo ? 'unyank' : 'yank'}`,
  nodeVersions: (nodeId: string) => `/nodes/${encodeURIComponent(nodeId)}/versions`,
  publicNode: (nodeId: string) => `/nodes/${encodeURIComponent(nodeId)}`,
  scanWarnings: (nodeId: string) => `/nodes/${encodeURIComponent(nodeId)}/scan-warnings`,
  tokens: (id: string) => `/publishers/${encodeURIComponent(id)}/tokens`,
  token: (id: string, tokenId: string) => `/publishers/${encodeURIComponent(id)}/tokens/${encodeURIComponent(tokenId)}`,
  /** Trusted publishing (routes/trusted-publishing): registrations and a node's CI-only switch. */
  trustedPublishers: (id: string) => `/publishers/${encodeURIComponent(id)}/trusted-publishers`,
  trustedPublisher: (id: string, entryId: string) =>
    `/publishers/${encodeURIComponent(id)}/trusted-publishers/${encodeURIComponent(entryId)}`,
  nodeTrustedPublishing: (publisherId: string, nodeId: string) =>
    `/publishers/${encodeURIComponent(publisherId)}/nodes/${encodeURIComponent(nodeId)}/trusted-publishing`,
  oauthStart: '/github/oauth/start',
  oauthComplete: '/github/oauth/complete',
} as const;

/** Nodeyard's moderation paths of one version (by version number, not id). */
export const moderationApi = {
  findings: (publisherId: string, nodeId: string, version: string) =>
    `${api.node(publisherId, nodeId)}/versions/${encodeURIComponent(version)}/findings`,
  /** What the version gains over the previous Active version (no `from`: routes/version-changes). */
  changes: (publisherId: string, nodeId: string, version: string) =>
    `${api.node(publisherId, nodeId)}/versions/${encodeURIComponent(version)}/changes`,
  reviewRequests: (publisherId: string, nodeId: string, version: string) =>
    `${api.node(publisherId, nodeId)}/versions/${encodeURIComponent(version)}/review-requests`,
} as const;
