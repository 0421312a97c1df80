import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerEvents } from '../../src/server/db/schema/index.ts';
import { VENDOR_NAMES, type VendorProxyConfig } from '../../src/server/services/vendor-proxy/vendors.ts';
import { createKey, customerAccount, type Account } from '#test/fake-vendor-accounts.ts';
import { MP4_BYTES, startFakeVendor, type FakeVendor } from '#test/fake-vendor.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// Every proxied task-status GET of the spec's §7, against a local fake vendor: the request reaches
// <base URL><vendor path> with the vendor's credential header, and the answer comes back as is.
const ROUTES: { proxy: string; vendor: string; upstream: string; operationId: string }[] = [
  {
    operationId: 'byteplusVideoGenerationQuery',
    vendor: 'byteplus',
    proxy: '/proxy/byteplus/api/v3/contents/generations/tasks/cgt-1',
    upstream: '/api/v3/contents/generations/tasks/cgt-1',
  },
  {
    operationId: 'klingQueryResourcePackages',
    vendor: 'kling',
    proxy: '/proxy/kling/v1/account/costs?start_time=1700000000000&end_time=1700000100000&resource_pack_name=pack',
    upstream: '/v1/account/costs?start_time=1700000000000&end_time=1700000100000&resource_pack_name=pack',
  },
  {
    operationId: 'klingImageGenerationsQueryTaskList',
    vendor: 'kling',
    proxy: '/proxy/kling/v1/images/generations?pageNum=2&pageSize=50',
    upstream: '/v1/images/generations?pageNum=2&pageSize=50',
  },
  {
    operationId: 'klingImageGenerationsQuerySingleTask',
    vendor: 'kling',
    proxy: '/proxy/kling/v1/images/generations/t1',
    upstream: '/v1/images/generations/t1',
  },
  {
    operationId: 'klingVirtualTryOnQueryTaskList',
    vendor: 'kling',
    proxy: '/proxy/kling/v1/images/kolors-virtual-try-on',
    upstream: '/v1/images/kolors-virtual-try-on',
  },
  {
    operationId: 'klingVirtualTryOnQuerySingleTask',
    vendor: 'kling',
    proxy: '/proxy/kling/v1/images/kolors-virtual-try-on/t2',
    upstream: '/v1/images/kolors-virtual-try-on/t2',
  },
  {
    operationId: 'klingVideoEffectsQueryTaskList',
    vendor: 'kling',
    proxy: '/proxy/kling/v1/videos/effects?pageNum=1',
    upstream: '/v1/videos/effects?pageNum=1',
  },
  {
    operationId: 'klingVideoEffectsQuerySingleTask',
    vendor: 'kling',
    proxy: '/proxy/kling/v1/videos/effects/t3',
    upstream: '/v1/videos/effects/t3',
  },
  {
    operationId: 'klingImage2VideoQueryTaskList',
    vendor: 'kling',
    proxy: '/proxy/kling/v1/videos/image2video',
    upstream: '/v1/videos/image2video',
  },
  {
    operationId: 'klingImage2VideoQuerySingleTask',
    vendor: 'kling',
    proxy: '/proxy/kling/v1/videos/image2video/t4',
    upstream: '/v1/videos/image2video/t4',
  },
  {
    operationId: 'klingLipSyncQueryTaskList',
    vendor: 'kling',
    proxy: '/proxy/kling/v1/videos/lip-sync?pageSize=500',
    upstream: '/v1/videos/lip-sync?pageSize=500',
  },
  {
    operationId: 'klingLipSyncQuerySingleTask',
    vendor: 'kling',
    proxy: '/proxy/kling/v1/videos/lip-sync/t5',
    upstream: '/v1/videos/lip-sync/t5',
  },
  {
    operationId: 'klingText2VideoQueryTaskList',
    vendor: 'kling',
    proxy: '/proxy/kling/v1/videos/text2video',
    upstream: '/v1/videos/text2video',
  },
  {
    operationId: 'klingText2VideoQuerySingleTask',
    vendor: 'kling',
    proxy: '/proxy/kling/v1/videos/text2video/t6',
    upstream: '/v1/videos/text2video/t6',
  },
  {
    operationId: 'klingVideoExtendQueryTaskList',
    vendor: 'kling',
    proxy: '/proxy/kling/v1/videos/video-extend',
    upstream: '/v1/videos/video-extend',
  },
  {
    operationId: 'klingVideoExtendQuerySingleTask',
    vendor: 'kling',
    proxy: '/proxy/kling/v1/videos/video-extend/t7',
    upstream: '/v1/videos/video-extend/t7',
  },
  {
    operationId: 'klingMotionControlQuerySingleTask',
    vendor: 'kling',
    proxy: '/proxy/kling/v1/videos/motion-control/mc-1',
    upstream: '/v1/videos/motion-control/mc-1',
  },
  {
    operationId: 'klingOmniVideoQuerySingleTask',
    vendor: 'kling',
    proxy: '/proxy/kling/v1/videos/omni-video/ov-1',
    upstream: '/v1/videos/omni-video/ov-1',
  },
  {
    operationId: 'klingAvatarQueryTask',
    vendor: 'kling',
    proxy: '/proxy/kling/v1/videos/avatar/image2video/av-1',
    upstream: '/v1/videos/avatar/image2video/av-1',
  },
  {
    operationId: 'klingOmniImageQuerySingleTask',
    vendor: 'kling',
    proxy: '/proxy/kling/v1/images/omni-image/oi-1',
    upstream: '/v1/images/omni-image/oi-1',
  },
  {
    operationId: 'lumaGetGeneration',
    vendor: 'luma',
    proxy: '/proxy/luma/generations/0b4c7a1e-2d7f-4a55-9d50-1c2f3a4b5c6d',
    upstream: '/generations/0b4c7a1e-2d7f-4a55-9d50-1c2f3a4b5c6d',
  },
  {
    operationId: 'getMinimaxVideoGeneration',
    vendor: 'minimax',
    proxy: '/proxy/minimax/query/video_generation?task_id=mm-9',
    upstream: '/query/video_generation?task_id=mm-9',
  },
  {
    operationId: 'MoonvalleyGetPrompt',
    vendor: 'moonvalley',
    proxy: '/proxy/moonvalley/prompts/p-1',
    upstream: '/prompts/p-1',
  },
  {
    operationId: 'getOpenAIResponse',
    vendor: 'openai',
    proxy: '/proxy/openai/v1/responses/resp_677e?include=file_search_call.results&include=message.output_text.logprobs',
    upstream: '/v1/responses/resp_677e?include=file_search_call.results&include=message.output_text.logprobs',
  },
  {
    operationId: 'openAIGetVideo',
    vendor: 'openai',
    proxy: '/proxy/openai/v1/videos/video_68d7',
    upstream: '/v1/videos/video_68d7',
  },
  {
    operationId: 'openAIDownloadVideoContent',
    vendor: 'openai',
    proxy: '/proxy/openai/v1/videos/video_68d7/content?variant=thumbnail',
    upstream: '/v1/videos/video_68d7/content?variant=thumbnail',
  },
  {
    operationId: 'PikaGet_video_videos__video_id__get',
    vendor: 'pika',
    proxy: '/proxy/pika/videos/v-1',
    upstream: '/videos/v-1',
  },
  {
    operationId: 'PixverseGetVideoResult',
    vendor: 'pixverse',
    proxy: '/proxy/pixverse/video/result/123456',
    upstream: '/video/result/123456',
  },
  { operationId: 'runwayGetTaskStatus', vendor: 'runway', proxy: '/proxy/runway/tasks/rw-1', upstream: '/tasks/rw-1' },
  {
    operationId: 'StabilityGetResult',
    vendor: 'stability',
    proxy: '/proxy/stability/v2beta/results/abc123',
    upstream: '/v2beta/results/abc123',
  },
  {
    operationId: 'tripoGetTask',
    vendor: 'tripo',
    proxy: '/proxy/tripo/v2/openapi/task/tr-1',
    upstream: '/v2/openapi/task/tr-1',
  },
  {
    operationId: 'tripoGetBalance',
    vendor: 'tripo',
    proxy: '/proxy/tripo/v2/openapi/user/balance',
    upstream: '/v2/openapi/user/balance',
  },
  {
    operationId: 'ViduGetCreations',
    vendor: 'vidu',
    proxy: '/proxy/vidu/tasks/vd-1/creations',
    upstream: '/tasks/vd-1/creations',
  },
];

/** How each vendor expects our credential (written out here, independently of the vendor table). */
const CREDENTIAL: Record<string, Record<string, string>> = {
  byteplus: { authorization: 'Bearer key-byteplus' },
  kling: { authorization: 'Bearer key-kling' },
  luma: { authorization: 'Bearer key-luma' },
  minimax: { authorization: 'Bearer key-minimax' },
  moonvalley: { authorization: 'Bearer key-moonvalley' },
  openai: { authorization: 'Bearer key-openai' },
  pika: { 'x-api-key': 'key-pika' },
  pixverse: { 'api-key': 'key-pixverse' },
  runway: { authorization: 'Bearer key-runway', 'x-runway-version': '2024-11-06' },
  stability: { authorization: 'Bearer key-stability' },
  tripo: { authorization: 'Bearer key-tripo' },
  vidu: { authorization: 'Token key-vidu' },
};

const base = (fake: FakeVendor, vendor: string) => `${fake.url}/${vendor}-base/v9`;

describe('vendor proxy: every proxied route', () => {
  let t: TestApp;
  let fake: FakeVendor;
  let customer: Account;
  let apiKey: { id: string; key: string };

  beforeAll(async () => {
    fake = await startFakeVendor();
    const vendorProxy: VendorProxyConfig = {
      vendors: Object.fromEntries(VENDOR_NAMES.map((v) => [v, { baseUrl: base(fake, v), apiKey: `key-${v}` }])),
      timeoutMs: 5000,
      maxResponseBytes: 1024 * 1024,
    };
    t = await createTestApp({ config: { vendorProxy } });
    customer = await customerAccount(t);
    apiKey = await createKey(customer);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('covers all 33 task-status GETs of the spec, as declared in the OpenAPI document', async () => {
    expect(ROUTES).toHaveLength(33);
    const doc = await (await t.request('/openapi.json')).json();
    for (const route of ROUTES) {
      const [path] = route.proxy.split('?');
      const declared = Object.entries(doc.paths as Record<string, { get?: { operationId: string } }>).find(
        ([, item]) => item.get?.operationId === route.operationId,
      );
      expect(declared, route.operationId).toBeDefined();
      const pattern = new RegExp(`^${declared![0].replace(/\{\w+\}/g, '[^/]+')}$`);
      expect(path, route.operationId).toMatch(pattern);
    }
  });

  it.each(ROUTES)('$operationId: forwards with the credential, passes the answer through', async (route) => {
    const before = fake.requests.length;
    const response = await t.request(route.proxy, { headers: { 'X-API-KEY': apiKey.key } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const body = await response.json();
    expect(body.ok).toBe(true);
    expect(fake.requests).toHaveLength(before + 1);
    const received = fake.requests.at(-1)!;
    expect(received.method).toBe('GET');
    expect(received.url).toBe(`/${route.vendor}-base/v9${route.upstream}`);
    expect(received.headers).toMatchObject(CREDENTIAL[route.vendor]!);
    // The caller's own credentials never reach the vendor.
    expect(JSON.stringify(received.headers)).not.toContain(apiKey.key);
    if (!('authorization' in CREDENTIAL[route.vendor]!)) expect(received.headers.authorization).toBeUndefined();
  });

  it('passes a Firebase caller’s request without leaking the ID token', async () => {
    const response = await customer.get('/proxy/luma/generations/g-1');
    expect(response.status).toBe(200);
    const received = fake.requests.at(-1)!;
    expect(received.headers.authorization).toBe('Bearer key-luma');
    expect(JSON.stringify(received.headers)).not.toContain(customer.idToken);
  });

  it('passes JSON vendor errors through with their status and body', async () => {
    const missing = await customer.get('/proxy/runway/tasks/missing-task');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'task not found', vendor_says: 'no such task' });
    // A vendor error in a media type we do not relay becomes our 502 that names status and type.
    const teapot = await customer.get('/proxy/tripo/v2/openapi/task/teapot-task');
    expect(teapot.status).toBe(502);
    expect(await teapot.json()).toMatchObject({
      error: 'vendor_unsupported_type',
      message: expect.stringContaining('418 with "text/plain"'),
    });
  });

  it('relays binary results and forwards a sane Accept header (Stability)', async () => {
    const response = await customer.get('/proxy/stability/v2beta/results/image-task', {
      headers: { Accept: 'image/*' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
    );
    expect(fake.requests.at(-1)!.headers.accept).toBe('image/*');
    await customer.get('/proxy/stability/v2beta/results/abc', { headers: { Accept: 'application/json' } });
    expect(fake.requests.at(-1)!.headers.accept).toBe('application/json');
    // Anything that is not a plain list of media ranges is replaced by the default.
    await customer.get('/proxy/stability/v2beta/results/abc', { headers: { Accept: 'image/*, <script>, x=y' } });
    expect(fake.requests.at(-1)!.headers.accept).toBe('image/*');
  });

  it('relays an OpenAI video’s media as bytes, and refuses a malformed variant before any call', async () => {
    const response = await customer.get('/proxy/openai/v1/videos/video-task/content?variant=video');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array(MP4_BYTES));
    const before = fake.requests.length;
    const bad = await customer.get('/proxy/openai/v1/videos/video-task/content?variant=../../admin');
    expect(bad.status).toBe(400);
    expect(fake.requests).toHaveLength(before);
  });

  it('sends PixVerse a trace id (the caller’s, or a fresh one)', async () => {
    await customer.get('/proxy/pixverse/video/result/1', { headers: { 'Ai-trace-id': 'trace-abc-123' } });
    expect(fake.requests.at(-1)!.headers['ai-trace-id']).toBe('trace-abc-123');
    await customer.get('/proxy/pixverse/video/result/2');
    expect(fake.requests.at(-1)!.headers['ai-trace-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('records every call as an api_usage event of the caller', async () => {
    const other = await customerAccount(t, 'Other');
    await other.get('/proxy/vidu/tasks/vd-events/creations');
    await other.get('/proxy/runway/tasks/missing-task');
    const events = await (await other.get('/customers/events?filter=api_usage')).json();
    expect(events.total).toBe(2);
    expect(events.events[0].params).toMatchObject({
      vendor: 'runway',
      operation: 'runwayGetTaskStatus',
      path: '/tasks/missing-task',
      status: 404,
      auth: 'firebase',
    });
    expect(events.events[1].params).toMatchObject({ vendor: 'vidu', status: 200, path: '/tasks/vd-events/creations' });
    const viaKey = await t.services.db.select().from(customerEvents).where(eq(customerEvents.customerId, customer.uid));
    const keyed = viaKey.filter((row) => row.params['auth'] === 'api_key');
    expect(keyed.length).toBeGreaterThanOrEqual(ROUTES.length);
    expect(keyed.every((row) => row.params['api_key_id'] === apiKey.id)).toBe(true);
    // Alice's calls are never in Other's events.
    expect(events.events.every((e: { params: { path: string } }) => !e.params.path.includes('cgt-1'))).toBe(true);
  });
});
