import type { ApiOk } from '../api/types.ts';
import type { CardNode, SearchResponse } from './types.ts';

/** Optional fields that may also hold undefined (what the server's toApiNode() builds). */
type Loose<T> = { [Key in keyof T]?: T[Key] | undefined };

/** What toCardNode reads: an API node, from the server's toApiNode() or an API answer. */
export type NodeLike = { id: string } & Loose<Omit<CardNode, 'id' | 'latest_version' | 'publisher'>> & {
    latest_version?: Loose<NonNullable<CardNode['latest_version']>> | undefined;
    publisher?: ({ id: string } & Loose<{ name: string }>) | undefined;
  };

/**
 * Only what a card shows: the island's props are serialised into the page, so the server passes
 * these few fields instead of whole API nodes.
 */
export function toCardNode(node: NodeLike): CardNode {
  const card: CardNode = { id: node.id };
  if (node.name !== undefined) card.name = node.name;
  if (node.description !== undefined) card.description = node.description;
  if (node.icon !== undefined) card.icon = node.icon;
  if (node.icon_image !== undefined) card.icon_image = node.icon_image;
  if (node.tags !== undefined) card.tags = node.tags;
  if (node.downloads !== undefined) card.downloads = node.downloads;
  if (node.github_stars !== undefined) card.github_stars = node.github_stars;
  if (node.status !== undefined) card.status = node.status;
  if (node.latest_version_advisories?.length) card.latest_version_advisories = node.latest_version_advisories;
  const latest = node.latest_version;
  if (latest?.version !== undefined) {
    // Only a deprecated version carries the flag (the card shows a badge for it).
    card.latest_version = latest.deprecated
      ? { version: latest.version, deprecated: true }
      : { version: latest.version };
  }
  if (node.publisher) {
    card.publisher =
      node.publisher.name === undefined
        ? { id: node.publisher.id }
        : { id: node.publisher.id, name: node.publisher.name };
  }
  return card;
}

/** The API's `icon_images` (signed by the server) moved onto the cards they belong to. */
export function withIconImages(response: ApiOk<'/nodes/search', 'get'> | SearchResponse): SearchResponse {
  const images = response.icon_images ?? {};
  return {
    ...response,
    nodes: response.nodes.map((node) => {
      const image = images[node.id];
      return image ? { ...node, icon_image: image } : node;
    }),
  };
}
