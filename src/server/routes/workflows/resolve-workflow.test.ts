import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodes } from '../../db/schema/index.ts';
import {
  pngWithInflatingChunks,
  pngWithText,
  webpWithExif,
  webpWithXmp,
} from '../../services/workflows/test-images.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { insertPublisher, insertUser } from '#test/factories.ts';
import { insertComfyNode, seedNode } from '#test/routes/node-read-fixtures.ts';

type Plan = {
  packs: {
    id: string;
    name: string;
    classes: string[];
    latest_version?: string;
    repository?: string;
    alternatives?: { id: string; classes: string[] }[];
  }[];
  core: string[];
  virtual: string[];
  unresolved: string[];
  install_command: string;
  manual_installs: { id: string; repository?: string }[];
  error?: string;
  message?: string;
};

/** A UI-format workflow (what ComfyUI's "Save" writes) using these node types. */
const uiWorkflow = (
  types: (string | { type: string; properties?: Record<string, unknown> })[],
  extra: object = {},
) => ({
  last_node_id: types.length,
  nodes: types.map((entry, i) => (typeof entry === 'string' ? { id: i + 1, type: entry } : { id: i + 1, ...entry })),
  links: [],
  version: 0.4,
  ...extra,
});

/** An API-format workflow ("Export (API)"). */
const apiWorkflow = (types: string[]) =>
  Object.fromEntries(types.map((type, i) => [String(i + 1), { class_type: type, inputs: {} }]));

describe('POST /workflows/resolve (resolveWorkflow)', () => {
  let t: TestApp;

  const post = async (body: BodyInit, type: string | undefined) => {
    const response = await t.request('/workflows/resolve', {
      method: 'POST',
      body,
      headers: type ? { 'content-type': type } : {},
    });
    return { status: response.status, body: (await response.json()) as Plan };
  };
  const postJson = (value: unknown) => post(JSON.stringify(value), 'application/json');

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.services.db;
    const owner = await insertUser(db);
    const claimedPublisher = await insertPublisher(db, { owner });
    const define = async (id: string, classes: string[], values: Parameters<typeof seedNode>[1] = {}) => {
      const seeded = await seedNode(db, { id, versions: [{ version: '1.2.0' }], ...values });
      for (const name of classes) await insertComfyNode(db, seeded.versions.at(-1)!.id, name);
      return seeded;
    };
    // "SharedLoader": a claimed pack, a more downloaded unclaimed fork, and a catalogue-only pack.
    await define('impact-pack', ['ImpactWildcard', 'SharedLoader'], { publisher: claimedPublisher, totalInstall: 10 });
    await define('impact-fork', ['SharedLoader'], { totalInstall: 9999 });
    await seedNode(db, {
      id: 'catalog-pack',
      catalogComfyNodeNames: ['SharedLoader', 'CatalogOnly'],
      totalInstall: 10 ** 6,
    });
    // "Popular": two unclaimed installable packs, decided by downloads unless the workflow needs one anyway.
    await define('pop-a', ['Popular'], { totalInstall: 100 });
    await define('pop-b', ['Popular', 'SoloB'], { totalInstall: 50 });
    // "Upscaler": the more downloaded one's latest version is deprecated.
    await define('old-upscale', ['Upscaler'], {
      totalInstall: 800,
      versions: [{ version: '2.0.0', deprecated: true }],
    });
    await define('new-upscale', ['Upscaler'], { totalInstall: 20 });
    // "Claimed": preempted_comfy_node_names wins over downloads.
    await define('name-owner', ['Claimed'], { totalInstall: 1, preemptedComfyNodeNames: ['Claimed'] });
    await define('name-copier', ['Claimed'], { totalInstall: 1000 });
    // Not public: never an answer.
    await define('banned-pack', ['BannedOnly'], { status: 'NodeStatusBanned' });
    // A pack whose only version is not installable: the classes of its latest (none) do not count.
    await define('pending-pack', ['PendingOnly'], {
      versions: [{ version: '1.0.0', status: 'NodeVersionStatusPending' }],
    });
  });
  afterAll(() => t.close());

  it('resolves a UI-format workflow: packs, core classes, virtual nodes, unresolved, install command', async () => {
    const { status, body } = await postJson(
      uiWorkflow([
        'KSampler',
        'ImpactWildcard',
        'Note',
        'Reroute',
        'PrimitiveNode',
        'MarkdownNote',
        'workflow>Group',
        'Nowhere',
        'CheckpointLoaderSimple',
        'KSampler',
      ]),
    );
    expect(status).toBe(200);
    expect(body.packs).toEqual([
      {
        id: 'impact-pack',
        name: 'Node impact-pack',
        classes: ['ImpactWildcard'],
        latest_version: '1.2.0',
        repository: 'https://github.com/example/impact-pack',
      },
    ]);
    expect(body.core).toEqual(['CheckpointLoaderSimple', 'KSampler']);
    expect(body.virtual).toEqual(['MarkdownNote', 'Note', 'PrimitiveNode', 'Reroute', 'workflow>Group']);
    expect(body.unresolved).toEqual(['Nowhere']);
    expect(body.install_command).toBe('comfy node install impact-pack');
    expect(body.manual_installs).toEqual([]);
  });

  it('reads nodes inside subgraph definitions and group nodes; subgraph instances need no pack', async () => {
    const subgraphId = 'a7c1e0f4-1111-4222-8333-944455556666';
    const { status, body } = await postJson(
      uiWorkflow([subgraphId, 'KSampler'], {
        definitions: {
          subgraphs: [
            {
              id: subgraphId,
              nodes: [
                { id: 1, type: 'Upscaler' },
                { id: 2, type: 'VAEDecode' },
              ],
            },
          ],
        },
        extra: { groupNodes: { Group: { nodes: [{ type: 'Popular' }] } } },
      }),
    );
    expect(status).toBe(200);
    expect(body.virtual).toEqual([subgraphId]);
    expect(body.core).toEqual(['KSampler', 'VAEDecode']);
    expect(body.packs.map((p) => p.id).sort()).toEqual(['new-upscale', 'pop-a']);
  });

  it('resolves an API-format workflow', async () => {
    const { status, body } = await postJson(apiWorkflow(['KSampler', 'Popular', 'SoloB', 'BannedOnly', 'PendingOnly']));
    expect(status).toBe(200);
    // pop-b is needed for SoloB anyway, so it also takes Popular (one pack fewer), pop-a is the alternative.
    expect(body.packs).toEqual([
      expect.objectContaining({
        id: 'pop-b',
        classes: ['Popular', 'SoloB'],
        alternatives: [expect.objectContaining({ id: 'pop-a', classes: ['Popular'] })],
      }),
    ]);
    expect(body.unresolved).toEqual(['BannedOnly', 'PendingOnly']);
    expect(body.core).toEqual(['KSampler']);
  });

  it('ranks several providers: installable > claimed publisher > downloads, with the others as alternatives', async () => {
    const { body } = await postJson(apiWorkflow(['SharedLoader']));
    expect(body.packs).toHaveLength(1);
    expect(body.packs[0]).toMatchObject({ id: 'impact-pack', classes: ['SharedLoader'] });
    expect(body.packs[0]!.alternatives!.map((a) => a.id)).toEqual(['impact-fork', 'catalog-pack']);
    expect((await postJson(apiWorkflow(['Popular']))).body.packs[0]!.id).toBe('pop-a');
    expect((await postJson(apiWorkflow(['Upscaler']))).body.packs[0]!.id).toBe('new-upscale');
    expect((await postJson(apiWorkflow(['Claimed']))).body.packs[0]!.id).toBe('name-owner');
  });

  it('follows the pack the workflow names in properties.cnr_id', async () => {
    const { body } = await postJson(
      uiWorkflow([{ type: 'SharedLoader', properties: { cnr_id: 'impact-fork', ver: '1.2.0' } }]),
    );
    expect(body.packs.map((p) => p.id)).toEqual(['impact-fork']);
  });

  it('lists packs without an installable version apart from the install command', async () => {
    const { body } = await postJson(apiWorkflow(['CatalogOnly', 'Popular']));
    expect(body.packs.find((p) => p.id === 'catalog-pack')).not.toHaveProperty('latest_version');
    expect(body.install_command).toBe('comfy node install pop-a');
    expect(body.manual_installs).toEqual([
      { id: 'catalog-pack', name: 'Node catalog-pack', repository: 'https://github.com/example/catalog-pack' },
    ]);
  });

  it('reads the workflow from PNG tEXt, iTXt, compressed iTXt and zTXt chunks', async () => {
    const workflow = JSON.stringify(uiWorkflow(['ImpactWildcard', 'KSampler']));
    const prompt = JSON.stringify(apiWorkflow(['Popular']));
    const images = [
      pngWithText([
        { kind: 'tEXt', keyword: 'prompt', text: prompt },
        { kind: 'tEXt', keyword: 'workflow', text: workflow },
      ]),
      pngWithText([{ kind: 'iTXt', keyword: 'workflow', text: workflow }]),
      pngWithText([{ kind: 'iTXt', keyword: 'workflow', text: workflow, compressed: true }]),
      pngWithText([{ kind: 'zTXt', keyword: 'workflow', text: workflow }]),
    ];
    for (const image of images) {
      const { status, body } = await post(image, 'image/png');
      expect(status).toBe(200);
      expect(body.packs.map((p) => p.id)).toEqual(['impact-pack']);
      expect(body.core).toEqual(['KSampler']);
    }
    // Only the API-format prompt: still resolved.
    const promptOnly = await post(pngWithText([{ kind: 'tEXt', keyword: 'prompt', text: prompt }]), 'image/png');
    expect(promptOnly.body.packs.map((p) => p.id)).toEqual(['pop-a']);
  });

  it('reads the workflow from WebP EXIF and XMP metadata', async () => {
    const exif = webpWithExif([
      `workflow:${JSON.stringify(uiWorkflow(['ImpactWildcard']))}`,
      `prompt:${JSON.stringify(apiWorkflow(['Popular']))}`,
    ]);
    const fromExif = await post(exif, 'image/webp');
    expect(fromExif.status).toBe(200);
    expect(fromExif.body.packs.map((p) => p.id)).toEqual(['impact-pack']);
    const xmp = webpWithXmp(`prompt:${JSON.stringify(apiWorkflow(['Popular', 'Say "hi" & <go>']))}`);
    const fromXmp = await post(xmp, 'image/webp');
    expect(fromXmp.status).toBe(200);
    expect(fromXmp.body.packs.map((p) => p.id)).toEqual(['pop-a']);
    expect(fromXmp.body.unresolved).toEqual(['Say "hi" & <go>']);
  });

  it('accepts multipart uploads (field "file") and octet-stream, sniffing PNG or JSON', async () => {
    const png = pngWithText([
      { kind: 'tEXt', keyword: 'workflow', text: JSON.stringify(uiWorkflow(['ImpactWildcard'])) },
    ]);
    for (const file of [
      new Blob([png], { type: 'image/png' }),
      new Blob([JSON.stringify(apiWorkflow(['ImpactWildcard']))]),
    ]) {
      const form = new FormData();
      form.set('file', file, 'workflow');
      const response = await t.request('/workflows/resolve', { method: 'POST', body: form });
      expect(response.status).toBe(200);
      expect(((await response.json()) as Plan).packs.map((p) => p.id)).toEqual(['impact-pack']);
    }
    // Browsers send mixed-case boundaries (----WebKitFormBoundaryAbC…): the boundary must not be lower-cased.
    const boundary = '----WebKitFormBoundaryAbCdEf012345';
    const body = new Uint8Array(
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n`),
        Buffer.from('Content-Type: image/png\r\n\r\n'),
        Buffer.from(png),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    );
    const browserLike = await post(body, `multipart/form-data; boundary=${boundary}`);
    expect(browserLike.status).toBe(200);
    expect(browserLike.body.packs.map((p) => p.id)).toEqual(['impact-pack']);
    const raw = await post(png, 'application/octet-stream');
    expect(raw.body.packs.map((p) => p.id)).toEqual(['impact-pack']);
  });

  it('answers 400 with a stable code for input that is not a workflow', async () => {
    const cases: [BodyInit, string, string][] = [
      ['{"nodes": [', 'application/json', 'invalid_json'],
      ['[1, 2]', 'application/json', 'not_a_workflow'],
      ['{"hello": "world"}', 'application/json', 'not_a_workflow'],
      ['{}', 'application/json', 'not_a_workflow'],
      [pngWithText([{ kind: 'tEXt', keyword: 'parameters', text: 'a cat' }]), 'image/png', 'no_workflow_in_image'],
      [pngWithText([{ kind: 'tEXt', keyword: 'workflow', text: '{"oops"' }]), 'image/png', 'invalid_json'],
      [pngWithText([]).subarray(0, 40), 'image/png', 'invalid_image'],
      [new TextEncoder().encode('GIF89a not a png'), 'image/png', 'invalid_image'],
      [webpWithExif(['Canon']), 'image/webp', 'no_workflow_in_image'],
      [
        webpWithExif([`workflow:${JSON.stringify(uiWorkflow(['Popular']))}`]).subarray(0, 40),
        'image/webp',
        'invalid_image',
      ],
    ];
    for (const [body, type, code] of cases) {
      const response = await post(body, type);
      expect({ status: response.status, code: response.body.error }).toEqual({ status: 400, code });
      expect(response.body.message).toEqual(expect.any(String));
    }
    const form = new FormData();
    form.set('other', 'x');
    const noFile = await t.request('/workflows/resolve', { method: 'POST', body: form });
    expect(noFile.status).toBe(400);
    expect(await noFile.json()).toMatchObject({ error: 'missing_file' });
  });

  it('refuses oversized bodies and decompression bombs with 413, other media types with 415', async () => {
    const bigJson = JSON.stringify({ nodes: [{ type: 'KSampler', pad: 'x'.repeat(2 * 1024 * 1024) }] });
    expect((await post(bigJson, 'application/json')).body.error).toBe('payload_too_large');
    const bigImage = new Uint8Array(Buffer.concat([pngWithText([]), Buffer.alloc(8 * 1024 * 1024)]));
    const image = await post(bigImage, 'image/png');
    expect({ status: image.status, code: image.body.error }).toEqual({ status: 413, code: 'payload_too_large' });
    // 3 MB of text compresses to a few kB: refused while inflating, not after.
    const bomb = pngWithText([
      {
        kind: 'iTXt',
        keyword: 'workflow',
        text: `{"nodes":[],"pad":"${' '.repeat(3 * 1024 * 1024)}"}`,
        compressed: true,
      },
    ]);
    const bombed = await post(bomb, 'image/png');
    expect({ status: bombed.status, code: bombed.body.error }).toEqual({ status: 413, code: 'workflow_too_large' });
    const text = await post('KSampler', 'text/plain');
    expect({ status: text.status, code: text.body.error }).toEqual({ status: 415, code: 'unsupported_media_type' });
  });

  it('answers hostile images and bodies with a 4xx after bounded work (each read in a reader thread)', async () => {
    const refusal = async (body: BodyInit, type: string) => {
      const response = await post(body, type);
      return { status: response.status, code: response.body.error };
    };
    // EXIF text of "workflow:{" repeated (1 MB): the old label search rescanned to the end from every
    // copy, minutes of synchronous work; one pass now.
    const labels = webpWithExif(['workflow:{'.repeat(100_000)]);
    expect(await refusal(labels, 'image/webp')).toEqual({ status: 400, code: 'no_workflow_in_image' });
    // 200 zTXt chunks inflating to 2 MiB each, each under its own keyword (the old reader inflated and
    // kept them all: 400 MiB): refused at the text chunk cap, none inflated.
    const spread = pngWithInflatingChunks({ count: 200, inflatedBytes: 2 * 1024 * 1024, keyword: (i) => `n${i}` });
    expect(await refusal(spread, 'image/png')).toEqual({ status: 400, code: 'invalid_image' });
    // The same bombs after a real workflow: resolved from the first chunk, the rest never read.
    const found = pngWithInflatingChunks({
      count: 200,
      inflatedBytes: 2 * 1024 * 1024,
      texts: [{ kind: 'zTXt', keyword: 'workflow', text: JSON.stringify(uiWorkflow(['ImpactWildcard'])) }],
    });
    const resolved = await post(found, 'image/png');
    expect(resolved.status).toBe(200);
    expect(resolved.body.packs.map((p) => p.id)).toEqual(['impact-pack']);
    // A multipart body of many small fields: refused before the form parser builds them.
    const form = new FormData();
    for (let i = 0; i < 100; i++) form.append('a', 'x');
    form.set('file', new Blob([JSON.stringify(apiWorkflow(['Popular']))]), 'workflow.json');
    const parts = await t.request('/workflows/resolve', { method: 'POST', body: form });
    expect({ status: parts.status, code: ((await parts.json()) as Plan).error }).toEqual({
      status: 400,
      code: 'invalid_multipart',
    });
  });

  it('is anonymous and writes nothing', async () => {
    await postJson(apiWorkflow(['Popular']));
    const [row] = await t.services.db.select().from(nodes).where(eq(nodes.id, 'pop-a'));
    expect(row!.totalInstall).toBe(100);
  });
});
