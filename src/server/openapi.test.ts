import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { generateOpenApiDocument } from './openapi.ts';
import type { AppDeps } from './app-deps.ts';

// Every contract operation (comfy-api-openapi-2026.yml) in Nodeyard's scope, as "METHOD path operationId":
// all of them except the payment ones and the vendor proxies other than the task-status GETs
// (docs/api.md, "Scope"). The contract file lives outside the project, so the list is written down
// here. The four CI routes the contract gives no operationId (/upload-artifact, /gitcommit,
// /gitcommitsummary, /branch) are checked by method and path.
const IN_SCOPE_OPERATIONS = 102;
const CONTRACT_OPERATIONS = [
  'DELETE /customers/api-keys/{api_key_id} deleteCustomerAPIKey',
  'DELETE /publishers/{publisherId} deletePublisher',
  'DELETE /publishers/{publisherId}/nodes/{nodeId} deleteNode',
  'DELETE /publishers/{publisherId}/nodes/{nodeId}/versions/{versionId} deleteNodeVersion',
  'DELETE /publishers/{publisherId}/tokens/{tokenId} deletePersonalAccessToken',
  'GET /admin/customers/{customer_id}/balance GetAdminCustomerBalance',
  'GET /comfy-nodes ListAllComfyNodes',
  'GET /comfy-nodes/{comfyNodeName}/node getNodeByComfyNodeName',
  'GET /customers searchCustomers',
  'GET /customers/api-keys listCustomerAPIKeys',
  'GET /customers/balance GetCustomerBalance',
  'GET /customers/events GetCustomerEvents',
  'GET /customers/me getAuthenticatedCustomer',
  'GET /customers/{customer_id} getCustomerById',
  'GET /customers/{customer_id}/balance GetCustomerBalanceById',
  'GET /customers/{customer_id}/events GetCustomerEventsById',
  'GET /features getFeatures',
  'GET /nodes listAllNodes',
  'GET /nodes/search searchNodes',
  'GET /nodes/{nodeId} getNode',
  'GET /nodes/{nodeId}/install installNode',
  'GET /nodes/{nodeId}/versions listNodeVersions',
  'GET /nodes/{nodeId}/versions/{versionId} getNodeVersion',
  'GET /nodes/{nodeId}/versions/{version}/comfy-nodes ListComfyNodes',
  'GET /nodes/{nodeId}/versions/{version}/comfy-nodes/{comfyNodeName} GetComfyNode',
  'GET /proxy/byteplus/api/v3/contents/generations/tasks/{task_id} byteplusVideoGenerationQuery',
  'GET /proxy/kling/v1/account/costs klingQueryResourcePackages',
  'GET /proxy/kling/v1/images/generations klingImageGenerationsQueryTaskList',
  'GET /proxy/kling/v1/images/generations/{id} klingImageGenerationsQuerySingleTask',
  'GET /proxy/kling/v1/images/kolors-virtual-try-on klingVirtualTryOnQueryTaskList',
  'GET /proxy/kling/v1/images/kolors-virtual-try-on/{id} klingVirtualTryOnQuerySingleTask',
  'GET /proxy/kling/v1/images/omni-image/{id} klingOmniImageQuerySingleTask',
  'GET /proxy/kling/v1/videos/avatar/image2video/{id} klingAvatarQueryTask',
  'GET /proxy/kling/v1/videos/effects klingVideoEffectsQueryTaskList',
  'GET /proxy/kling/v1/videos/effects/{id} klingVideoEffectsQuerySingleTask',
  'GET /proxy/kling/v1/videos/image2video klingImage2VideoQueryTaskList',
  'GET /proxy/kling/v1/videos/image2video/{id} klingImage2VideoQuerySingleTask',
  'GET /proxy/kling/v1/videos/lip-sync klingLipSyncQueryTaskList',
  'GET /proxy/kling/v1/videos/lip-sync/{id} klingLipSyncQuerySingleTask',
  'GET /proxy/kling/v1/videos/motion-control/{id} klingMotionControlQuerySingleTask',
  'GET /proxy/kling/v1/videos/omni-video/{id} klingOmniVideoQuerySingleTask',
  'GET /proxy/kling/v1/videos/text2video klingText2VideoQueryTaskList',
  'GET /proxy/kling/v1/videos/text2video/{id} klingText2VideoQuerySingleTask',
  'GET /proxy/kling/v1/videos/video-extend klingVideoExtendQueryTaskList',
  'GET /proxy/kling/v1/videos/video-extend/{id} klingVideoExtendQuerySingleTask',
  'GET /proxy/luma/generations/{id} lumaGetGeneration',
  'GET /proxy/minimax/query/video_generation getMinimaxVideoGeneration',
  'GET /proxy/moonvalley/prompts/{prompt_id} MoonvalleyGetPrompt',
  'GET /proxy/openai/v1/responses/{id} getOpenAIResponse',
  'GET /proxy/openai/v1/videos/{video_id} openAIGetVideo',
  'GET /proxy/openai/v1/videos/{video_id}/content openAIDownloadVideoContent',
  'GET /proxy/pika/videos/{video_id} PikaGet_video_videos__video_id__get',
  'GET /proxy/pixverse/video/result/{id} PixverseGetVideoResult',
  'GET /proxy/runway/tasks/{task_id} runwayGetTaskStatus',
  'GET /proxy/stability/v2beta/results/{id} StabilityGetResult',
  'GET /proxy/tripo/v2/openapi/task/{task_id} tripoGetTask',
  'GET /proxy/tripo/v2/openapi/user/balance tripoGetBalance',
  'GET /proxy/vidu/tasks/{id}/creations ViduGetCreations',
  'GET /publishers listPublishers',
  'GET /publishers/validate validatePublisher',
  'GET /publishers/{publisherId} getPublisher',
  'GET /publishers/{publisherId}/nodes listNodesForPublisher',
  'GET /publishers/{publisherId}/nodes/v2 listNodesForPublisherV2',
  'GET /publishers/{publisherId}/nodes/{nodeId}/permissions getPermissionOnPublisherNodes',
  'GET /publishers/{publisherId}/permissions getPermissionOnPublisher',
  'GET /publishers/{publisherId}/tokens listPersonalAccessTokens',
  'GET /releases getReleaseNotes',
  'GET /security-scan securityScan',
  'GET /users getUser',
  'GET /users/publishers/ listPublishersForUser',
  'GET /versions listAllNodeVersions',
  'GET /workflowresult/{workflowResultId} getWorkflowResult',
  'POST /admin/generate-token GenerateAdminToken',
  'POST /admin/nodes adminCreateNode',
  'POST /admin/verify-api-key VerifyApiKey',
  'POST /bulk/nodes/versions getBulkNodeVersions',
  'POST /comfy-nodes/backfill ComfyNodesBackfill',
  'POST /customers createCustomer',
  'POST /customers/api-keys createCustomerAPIKey',
  'POST /nodes/reindex reindexNodes',
  'POST /nodes/update-github-stars updateGithubStars',
  'POST /nodes/{nodeId}/reviews postNodeReview',
  'POST /nodes/{nodeId}/translations CreateNodeTranslations',
  'POST /nodes/{nodeId}/versions/{version}/comfy-nodes CreateComfyNodes',
  'POST /publishers createPublisher',
  'POST /publishers/{publisherId}/ban BanPublisher',
  'POST /publishers/{publisherId}/nodes createNode',
  'POST /publishers/{publisherId}/nodes/{nodeId}/ban BanPublisherNode',
  'POST /publishers/{publisherId}/nodes/{nodeId}/claim-my-node claimMyNode',
  'POST /publishers/{publisherId}/nodes/{nodeId}/versions publishNodeVersion',
  'POST /publishers/{publisherId}/tokens createPersonalAccessToken',
  'POST /releases processReleaseWebhook',
  'PUT /admin/nodes/{nodeId} adminUpdateNode',
  'PUT /admin/nodes/{nodeId}/versions/{versionNumber} adminUpdateNodeVersion',
  'PUT /nodes/{nodeId}/versions/{version}/comfy-nodes/{comfyNodeName} UpdateComfyNode',
  'PUT /publishers/{publisherId} updatePublisher',
  'PUT /publishers/{publisherId}/nodes/{nodeId} updateNode',
  'PUT /publishers/{publisherId}/nodes/{nodeId}/versions/{versionId} updateNodeVersion',
];

const UNNAMED_CONTRACT_OPERATIONS = ['POST /upload-artifact', 'GET /gitcommit', 'GET /gitcommitsummary', 'GET /branch'];

type Operations = Record<string, Record<string, { operationId?: string }>>;
const document = generateOpenApiDocument();

/** A concrete URL for a contract path: every `{param}` becomes a plausible value. */
const concrete = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => `${name.toLowerCase()}-1`);

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

  it('lists all 102 operations in scope, each once', () => {
    const all = [...CONTRACT_OPERATIONS, ...UNNAMED_CONTRACT_OPERATIONS];
    expect(all).toHaveLength(IN_SCOPE_OPERATIONS);
    expect(new Set(all.map((op) => op.split(' ').slice(0, 2).join(' '))).size).toBe(IN_SCOPE_OPERATIONS);
  });

  it('declares the contract operations that have no operationId by method and path', () => {
    const paths = document['paths'] as Operations;
    const declared = new Set(
      Object.entries(paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)),
    );
    expect(UNNAMED_CONTRACT_OPERATIONS.filter((op) => !declared.has(op))).toEqual([]);
  });

  // Declared is not implemented: each operation must reach a handler of its own. The app is built
  // without services, so a handler answers 400 (validation) or fails inside (500); only a missing
  // route answers the router's own "No API route" 404.
  it.each([...CONTRACT_OPERATIONS, ...UNNAMED_CONTRACT_OPERATIONS])('%s is routed to a handler', async (operation) => {
    const [method, path] = operation.split(' ') as [string, string];
    const app = createApp({} as AppDeps);
    const response = await app.request(`http://api.test${concrete(path)}`, {
      method,
      ...(method === 'GET' ? {} : { body: '{}', headers: { 'content-type': 'application/json' } }),
    });
    const text = await response.text();
    expect(text).not.toContain('No API route for');
  });

  it('matches the committed docs/openapi.json (run `npm run openapi` after changing routes)', () => {
    const committed = JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8')) as unknown;
    expect(JSON.parse(JSON.stringify(document))).toEqual(committed);
  });
});
