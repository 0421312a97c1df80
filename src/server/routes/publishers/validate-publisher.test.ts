import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPublisher } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

describe('GET /publishers/validate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await insertPublisher(t.services.db, { id: 'taken-one' });
  });
  afterAll(() => t.close());

  const check = async (username: string) => {
    const response = await t.request(`/publishers/validate?username=${encodeURIComponent(username)}`);
    return { status: response.status, body: await response.json() };
  };

  it('says a free, well-formed id is available (anonymously)', async () => {
    expect(await check('fresh-name')).toEqual({ status: 200, body: { isAvailable: true } });
  });

  it('answers 200 isAvailable:false for a taken id, never a 400', async () => {
    const { status, body } = await check('taken-one');
    expect(status).toBe(200);
    expect(body).toMatchObject({ isAvailable: false, error: 'publisher_id_taken', message: expect.any(String) });
  });

  it('explains malformed and reserved ids', async () => {
    const malformed = await check('Bad_Name');
    expect(malformed.body).toMatchObject({ isAvailable: false, error: 'invalid_publisher_id' });
    expect(malformed.body.message).toContain('lower-case');
    expect((await check('')).body).toMatchObject({ isAvailable: false, error: 'invalid_publisher_id' });
    expect((await check('nodeyard')).body).toMatchObject({ isAvailable: false, error: 'reserved_publisher_id' });
    expect((await check('unclaimed')).body).toMatchObject({ isAvailable: false, error: 'reserved_publisher_id' });
  });

  it('answers 400 when username is missing', async () => {
    const response = await t.request('/publishers/validate');
    expect(response.status).toBe(400);
    expect((await response.json()).details[0].path).toBe('username');
  });
});
