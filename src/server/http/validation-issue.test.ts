import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationIssue } from './validation-issue.ts';

const issueOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return validationIssue(result.error.issues[0]!);
};

describe('validationIssue', () => {
  it('names a missing or empty field as required', () => {
    expect(issueOf(z.object({ name: z.string() }), {})).toEqual({ code: 'required' });
    expect(issueOf(z.string().min(1), '')).toEqual({ code: 'required' });
  });
  it('gives the bound of a too short or too long text', () => {
    expect(issueOf(z.string().min(3), 'ab')).toEqual({ code: 'too_short', limit: 3 });
    expect(issueOf(z.string().max(5), 'abcdefg')).toEqual({ code: 'too_long', limit: 5 });
  });
  it('gives the bound of a number out of range', () => {
    expect(issueOf(z.number().int().min(0), -1)).toEqual({ code: 'too_small', limit: 0 });
    expect(issueOf(z.number().max(10), 11)).toEqual({ code: 'too_big', limit: 10 });
  });
  it('tells a bad format and a value outside a list apart', () => {
    expect(issueOf(z.url(), 'nope')).toEqual({ code: 'invalid_format' });
    expect(issueOf(z.enum(['a', 'b']), 'c')).toEqual({ code: 'invalid_value' });
    expect(issueOf(z.number(), 'x')).toEqual({ code: 'invalid' });
  });
});
