import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './errors.ts';
import { isLastingRefusal, isStatedRefusal } from './refusal.ts';

describe('refusals', () => {
  it('calls a 4xx with its own code a stated refusal, not a network or server failure', () => {
    expect(isStatedRefusal(new ApiRequestError(403, 'Your account is banned.', 'user_banned'))).toBe(true);
    expect(isStatedRefusal(new ApiRequestError(409, 'x', 'appeal_already_open'))).toBe(true);
    expect(isStatedRefusal(new ApiRequestError(0, 'x', 'network_error'))).toBe(false);
    expect(isStatedRefusal(new ApiRequestError(500, 'x', 'internal_error'))).toBe(false);
    expect(isStatedRefusal(new ApiRequestError(404, 'x'))).toBe(false);
    expect(isStatedRefusal(new Error('boom'))).toBe(false);
  });

  it('knows the refusals a retry cannot change: bans', () => {
    expect(isLastingRefusal(new ApiRequestError(403, 'x', 'user_banned'))).toBe(true);
    expect(isLastingRefusal(new ApiRequestError(403, 'x', 'publisher_banned'))).toBe(true);
    expect(isLastingRefusal(new ApiRequestError(429, 'x', 'rate_limited'))).toBe(false);
  });
});
