import { describe, expect, it } from 'vitest';
import { withPageCaching } from './page-cache.ts';

const html = (body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', ...headers } });

describe('withPageCaching', () => {
  it('adds a stable ETag and a public Cache-Control to a 200 HTML GET', async () => {
    const first = await withPageCaching(new Request('http://x/en/'), html('<p>a</p>'));
    const again = await withPageCaching(new Request('http://x/en/'), html('<p>a</p>'));
    const other = await withPageCaching(new Request('http://x/en/'), html('<p>b</p>'));
    expect(first.headers.get('cache-control')).toMatch(/^public/);
    expect(first.headers.get('etag')).toMatch(/^W\/".+"$/);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(other.headers.get('etag')).not.toBe(first.headers.get('etag'));
    expect(await first.text()).toBe('<p>a</p>');
  });

  it('answers 304 with no body to a matching If-None-Match', async () => {
    const { headers } = await withPageCaching(new Request('http://x/en/'), html('<p>a</p>'));
    const request = new Request('http://x/en/', { headers: { 'if-none-match': headers.get('etag')! } });
    const response = await withPageCaching(request, html('<p>a</p>'));
    expect(response.status).toBe(304);
    expect(await response.text()).toBe('');
  });

  it('leaves errors, non-HTML, writes and pages with their own Cache-Control alone', async () => {
    const notFound = new Response('x', { status: 404, headers: { 'content-type': 'text/html' } });
    expect((await withPageCaching(new Request('http://x/'), notFound)).headers.get('etag')).toBeNull();
    const json = new Response('{}', { headers: { 'content-type': 'application/json' } });
    expect((await withPageCaching(new Request('http://x/'), json)).headers.get('etag')).toBeNull();
    const post = await withPageCaching(new Request('http://x/', { method: 'POST' }), html('a'));
    expect(post.headers.get('etag')).toBeNull();
    const personal = await withPageCaching(
      new Request('http://x/'),
      html('a', { 'cache-control': 'private, no-store' }),
    );
    expect(personal.headers.get('cache-control')).toBe('private, no-store');
    expect(personal.headers.get('etag')).toBeNull();
  });
});
