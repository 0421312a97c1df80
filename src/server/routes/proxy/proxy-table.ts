import { z } from '@hono/zod-openapi';
import type { VendorName } from '../../services/vendor-proxy/vendors.ts';

// Every proxied vendor task-status GET (the spec's §7 list), at the contract's paths and
// operationIds. The vendor path is the proxy path without `/proxy/<vendor>`, below the vendor's
// configured base URL. One table instead of 34 near-identical route files.

const intParam = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,13}$/, 'must be a non-negative integer')
    .transform(Number)
    .refine((v) => v >= min && v <= max, `must be between ${min} and ${max}`);

const taskIdQuery = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._~-]{0,199}$/, 'must be a task id');

const klingListQuery = z.object({ pageNum: intParam(1, 1000).optional(), pageSize: intParam(1, 500).optional() });
const klingCostsQuery = z.object({
  start_time: intParam(0, 9_999_999_999_999),
  end_time: intParam(0, 9_999_999_999_999),
  resource_pack_name: z.string().trim().min(1).max(200).optional(),
});
// OpenAI names the downloadable assets of a video (video, thumbnail, spritesheet …).
const openaiVideoContentQuery = z.object({
  variant: z
    .string()
    .regex(/^[a-z][a-z_]{0,39}$/, 'must be an asset name such as video or thumbnail')
    .optional(),
});
const minimaxQuery = z.object({ task_id: taskIdQuery });
const openaiResponseQuery = z.object({
  include: z
    .preprocess(
      (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
      z
        .array(z.string().regex(/^[A-Za-z0-9_.]{1,100}$/, 'must be an includable field name'))
        .max(20)
        .optional(),
    )
    .openapi({ type: 'array', items: { type: 'string' } }),
});

export interface ProxyRouteSpec {
  operationId: string;
  vendor: VendorName;
  /** The contract path, `{name}` for path parameters. */
  path: string;
  summary: string;
  query?: z.ZodObject;
  /** Path parameters that must be digits only (the contract types them as integers). */
  integerParams?: string[];
  /** Pass the caller's Accept header on (vendors that answer with different media types). */
  forwardAccept?: boolean;
  /** The route downloads media files (videos and their thumbnails), relayed besides JSON. */
  relaysVideo?: boolean;
  /** PixVerse wants an `Ai-trace-id` per request. */
  traceId?: boolean;
}

/** Kling task kinds the contract only lets you read one task of (no list route). */
const klingSingle = (kind: string, label: string, operationId: string): ProxyRouteSpec => ({
  operationId,
  vendor: 'kling',
  path: `/proxy/kling/v1/${kind}/{id}`,
  summary: `Kling: one ${label} task`,
});

const klingTask = (kind: string, label: string, list: string, single: string): ProxyRouteSpec[] => [
  {
    operationId: list,
    vendor: 'kling',
    path: `/proxy/kling/v1/${kind}`,
    summary: `Kling: list ${label} tasks`,
    query: klingListQuery,
  },
  klingSingle(kind, label, single),
];

export const PROXY_ROUTES: ProxyRouteSpec[] = [
  {
    operationId: 'byteplusVideoGenerationQuery',
    vendor: 'byteplus',
    path: '/proxy/byteplus/api/v3/contents/generations/tasks/{task_id}',
    summary: 'BytePlus: a generation task',
  },
  {
    operationId: 'klingQueryResourcePackages',
    vendor: 'kling',
    path: '/proxy/kling/v1/account/costs',
    summary: 'Kling: account resource packages and costs',
    query: klingCostsQuery,
  },
  ...klingTask(
    'images/generations',
    'image generation',
    'klingImageGenerationsQueryTaskList',
    'klingImageGenerationsQuerySingleTask',
  ),
  ...klingTask(
    'images/kolors-virtual-try-on',
    'virtual try-on',
    'klingVirtualTryOnQueryTaskList',
    'klingVirtualTryOnQuerySingleTask',
  ),
  ...klingTask('videos/effects', 'video effects', 'klingVideoEffectsQueryTaskList', 'klingVideoEffectsQuerySingleTask'),
  ...klingTask(
    'videos/image2video',
    'image-to-video',
    'klingImage2VideoQueryTaskList',
    'klingImage2VideoQuerySingleTask',
  ),
  ...klingTask('videos/lip-sync', 'lip-sync', 'klingLipSyncQueryTaskList', 'klingLipSyncQuerySingleTask'),
  ...klingTask('videos/text2video', 'text-to-video', 'klingText2VideoQueryTaskList', 'klingText2VideoQuerySingleTask'),
  ...klingTask(
    'videos/video-extend',
    'video-extend',
    'klingVideoExtendQueryTaskList',
    'klingVideoExtendQuerySingleTask',
  ),
  klingSingle('videos/motion-control', 'motion-control', 'klingMotionControlQuerySingleTask'),
  klingSingle('videos/omni-video', 'omni-video', 'klingOmniVideoQuerySingleTask'),
  klingSingle('videos/avatar/image2video', 'avatar image-to-video', 'klingAvatarQueryTask'),
  klingSingle('images/omni-image', 'omni-image', 'klingOmniImageQuerySingleTask'),
  {
    operationId: 'lumaGetGeneration',
    vendor: 'luma',
    path: '/proxy/luma/generations/{id}',
    summary: 'Luma: a generation',
  },
  {
    operationId: 'getMinimaxVideoGeneration',
    vendor: 'minimax',
    path: '/proxy/minimax/query/video_generation',
    summary: 'MiniMax: a video generation task (task_id in the query)',
    query: minimaxQuery,
  },
  {
    operationId: 'MoonvalleyGetPrompt',
    vendor: 'moonvalley',
    path: '/proxy/moonvalley/prompts/{prompt_id}',
    summary: 'Moonvalley: a prompt',
  },
  {
    operationId: 'getOpenAIResponse',
    vendor: 'openai',
    path: '/proxy/openai/v1/responses/{id}',
    summary: 'OpenAI: a response',
    query: openaiResponseQuery,
  },
  {
    operationId: 'openAIGetVideo',
    vendor: 'openai',
    path: '/proxy/openai/v1/videos/{video_id}',
    summary: 'OpenAI: a video job',
  },
  {
    operationId: 'openAIDownloadVideoContent',
    vendor: 'openai',
    path: '/proxy/openai/v1/videos/{video_id}/content',
    summary: 'OpenAI: the media of a finished video (video or image files, relayed as is)',
    query: openaiVideoContentQuery,
    relaysVideo: true,
  },
  {
    operationId: 'PikaGet_video_videos__video_id__get',
    vendor: 'pika',
    path: '/proxy/pika/videos/{video_id}',
    summary: 'Pika: a video',
  },
  {
    operationId: 'PixverseGetVideoResult',
    vendor: 'pixverse',
    path: '/proxy/pixverse/video/result/{id}',
    summary: 'PixVerse: a video result',
    integerParams: ['id'],
    traceId: true,
  },
  {
    operationId: 'runwayGetTaskStatus',
    vendor: 'runway',
    path: '/proxy/runway/tasks/{task_id}',
    summary: 'Runway: a task',
  },
  {
    operationId: 'StabilityGetResult',
    vendor: 'stability',
    path: '/proxy/stability/v2beta/results/{id}',
    summary: 'Stability: a generation result (Accept chooses image/* or application/json)',
    forwardAccept: true,
  },
  {
    operationId: 'tripoGetTask',
    vendor: 'tripo',
    path: '/proxy/tripo/v2/openapi/task/{task_id}',
    summary: 'Tripo: a task',
  },
  {
    operationId: 'tripoGetBalance',
    vendor: 'tripo',
    path: '/proxy/tripo/v2/openapi/user/balance',
    summary: 'Tripo: account balance',
  },
  {
    operationId: 'ViduGetCreations',
    vendor: 'vidu',
    path: '/proxy/vidu/tasks/{id}/creations',
    summary: 'Vidu: a task’s creations',
  },
];
