import type { InstallPlan } from './plan-types.ts';

/** Error codes the page has its own words for; anything else reads as a generic failure. */
export const KNOWN_ERRORS = [
  'invalid_json',
  'not_a_workflow',
  'no_workflow_in_image',
  'invalid_image',
  'payload_too_large',
  'workflow_too_large',
  'unsupported_media_type',
  'too_many_classes',
  'rate_limited',
] as const;
export type ResolveErrorCode = (typeof KNOWN_ERRORS)[number] | 'generic';

export type ResolveResult = { ok: true; plan: InstallPlan } | { ok: false; code: ResolveErrorCode };

function errorCode(status: number, code: unknown): ResolveErrorCode {
  if (status === 429) return 'rate_limited';
  return (KNOWN_ERRORS as readonly unknown[]).includes(code) ? (code as ResolveErrorCode) : 'generic';
}

/**
 * Sends a picked or dropped file as multipart (the server tells JSON, PNG and WebP apart by their
 * bytes) or pasted text as JSON, and reads the plan or the error's code.
 */
export async function resolveWorkflow(apiBase: string, input: File | string): Promise<ResolveResult> {
  let response: Response;
  try {
    if (typeof input === 'string') {
      response = await fetch(`${apiBase}/workflows/resolve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: input,
      });
    } else {
      const form = new FormData();
      form.set('file', input, input.name || 'workflow');
      response = await fetch(`${apiBase}/workflows/resolve`, {
        method: 'POST',
        headers: { accept: 'application/json' },
        body: form,
      });
    }
  } catch {
    return { ok: false, code: 'generic' };
  }
  const body = (await response.json().catch(() => undefined)) as { error?: unknown } | InstallPlan | undefined;
  if (response.ok && body && 'packs' in body) return { ok: true, plan: body };
  return { ok: false, code: errorCode(response.status, body && 'error' in body ? body.error : undefined) };
}
