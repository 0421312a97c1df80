// What went wrong with one field of a request, as a small fixed vocabulary the islands translate into a sentence
// ("Name must have at most 100 characters") instead of showing zod's English.
import type { z } from 'zod';
import type { ValidationIssue } from '../../lib/api/error-codes.ts';

type Issue = z.core.$ZodIssue;

export function validationIssue(issue: Issue): { code: ValidationIssue; limit?: number } {
  switch (issue.code) {
    case 'invalid_type':
      // zod 4 keeps the input out of the issue; its message names what it received.
      return { code: /received undefined/.test(issue.message) ? 'required' : 'invalid' };
    case 'too_small': {
      const limit = Number(issue.minimum);
      if (issue.origin === 'string') return limit <= 1 ? { code: 'required' } : { code: 'too_short', limit };
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return { code: 'too_small', limit };
      }
      return { code: 'invalid' };
    }
    case 'too_big': {
      const limit = Number(issue.maximum);
      if (issue.origin === 'string') return { code: 'too_long', limit };
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return { code: 'too_big', limit };
      }
      return { code: 'invalid' };
    }
    case 'invalid_format':
      return { code: 'invalid_format' };
    case 'invalid_value':
      return { code: 'invalid_value' };
    default:
      return { code: 'invalid' };
  }
}
