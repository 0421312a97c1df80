import { afterAll, beforeAll } from 'vitest';
import { signedIn, type Actor } from '../authz/actors.ts';
import { createTestApp, type TestApp } from '../test-app.ts';

// Shared arrangement for the release-note route tests (not a test file itself).

export interface ReleaseFixture {
  t: TestApp;
  admin: Actor;
}

/** A fresh app and a signed-in admin for the calling file; the fields are set before its tests run. */
export function useReleaseFixture(): ReleaseFixture {
  const fixture = {} as ReleaseFixture;
  beforeAll(async () => {
    fixture.t = await createTestApp();
    fixture.admin = await signedIn(fixture.t, { admin: true });
  });
  afterAll(() => fixture.t.close());
  return fixture;
}

/** Creates a note through the API as the fixture's admin and returns its id. */
export async function createNote(
  f: ReleaseFixture,
  note: { project: string; version: string; content: string },
): Promise<number> {
  const response = await f.t.request('/admin/releases', { method: 'POST', token: f.admin.token, json: note });
  if (response.status !== 201) throw new Error(`arranging a note failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}
