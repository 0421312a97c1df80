import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateOpenApiDocument } from './openapi.ts';

// Contract operations (comfy-api-openapi-2026.yml) the API implements, as "METHOD path operationId".
// The contract file lives outside the project, so the list is written down here.
const CONTRACT_OPERATIONS = [
  'GET /users getUser',
  'GET /users/publishers/ listPublishersForUser',
  'GET /nodes listAllNodes',
  'GET /nodes/search searchNodes',
  'GET /nodes/{nodeId} getNode',
  'GET /nodes/{nodeId}/install installNode',
  'GET /nodes/{nodeId}/versions listNodeVersions',
  'GET /nodes/{nodeId}/versions/{versionId} getNodeVersion',
  'GET /nodes/{nodeId}/versions/{version}/comfy-nodes ListComfyNodes',
  'GET /nodes/{nodeId}/versions/{version}/comfy-nodes/{comfyNodeName} GetComfyNode',
  'POST /nodes/{nodeId}/reviews postNodeReview',
  'GET /comfy-nodes ListAllComfyNodes',
  'GET /comfy-nodes/{comfyNodeName}/node getNodeByComfyNodeName',
  'POST /bulk/nodes/versions getBulkNodeVersions',
  'GET /versions listAllNodeVersions',
  'GET /publishers listPublishers',
  'POST /publishers createPublisher',
  'GET /publishers/validate validatePublisher',
  'GET /publishers/{publisherId} getPublisher',
  'PUT /publishers/{publisherId} updatePublisher',
  'DELETE /publishers/{publisherId} deletePublisher',
  'GET /publishers/{publisherId}/permissions getPermissionOnPublisher',
  'GET /publishers/{publisherId}/nodes listNodesForPublisher',
  'POST /publishers/{publisherId}/nodes createNode',
  'GET /publishers/{publisherId}/nodes/v2 listNodesForPublisherV2',
  'PUT /publishers/{publisherId}/nodes/{nodeId} updateNode',
  'DELETE /publishers/{publisherId}/nodes/{nodeId} deleteNode',
  'GET /publishers/{publisherId}/nodes/{nodeId}/permissions getPermissionOnPublisherNodes',
  'POST /publishers/{publisherId}/nodes/{nodeId}/versions publishNodeVersion',
  'PUT /publishers/{publisherId}/nodes/{nodeId}/versions/{versionId} updateNodeVersion',
  'DELETE /publishers/{publisherId}/nodes/{nodeId}/versions/{versionId} deleteNodeVersion',
  'POST /publishers/{publisherId}/nodes/{nodeId}/claim-my-node claimMyNode',
  'GET /publishers/{publisherId}/tokens listPersonalAccessTokens',
  'POST /publishers/{publisherId}/tokens createPersonalAccessToken',
  'DELETE /publishers/{publisherId}/tokens/{tokenId} deletePersonalAccessToken',
];

type Operations = Record<string, Record<string, { operationId?: string }>>;
const document = generateOpenApiDocument();

describe('the OpenAPI document', () => {
  it('declares every implemented contract operation with its method, path and operationId', () => {
    const paths = document['paths'] as Operations;
    const declared = new Set(
      Object.entries(paths).flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, op]) => `${method.toUpperCase()} ${path} ${op.operationId}`),
      ),
    );
    expect(CONTRACT_OPERATIONS.filter((op) => !declared.has(op))).toEqual([]);
  });

  it('matches the committed docs/openapi.json (run `npm run openapi` after changing routes)', () => {
    const committed = JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8')) as unknown;
    expect(JSON.parse(JSON.stringify(document))).toEqual(committed);
  });
});
