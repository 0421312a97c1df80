import { describe, expect, it } from 'vitest';
import { encodeLicense, licenseFormValue, parseLicense } from './license.ts';

describe('license', () => {
  it('reads every stored form', () => {
    expect(parseLicense('{"text": "MIT"}')).toEqual({ text: 'MIT' });
    expect(parseLicense('{"file": "LICENSE"}')).toEqual({ file: 'LICENSE' });
    expect(parseLicense('{file="LICENSE.txt"}')).toEqual({ file: 'LICENSE.txt' });
    expect(parseLicense('Apache-2.0')).toEqual({ text: 'Apache-2.0' });
    expect(parseLicense('"GPL-3.0"')).toEqual({ text: 'GPL-3.0' });
    expect(parseLicense('{}')).toEqual({});
    expect(parseLicense(null)).toEqual({});
  });

  it('shows the edit form the text, never the JSON', () => {
    expect(licenseFormValue('{"text": "MIT"}')).toBe('MIT');
    expect(licenseFormValue('{"file": "LICENSE"}')).toBe('LICENSE');
    expect(licenseFormValue('')).toBe('');
  });

  it('stores the edited text as comfy-cli does, and keeps a file it still names', () => {
    expect(encodeLicense(' BSD-3-Clause ', '{"text": "MIT"}')).toBe('{"text":"BSD-3-Clause"}');
    expect(encodeLicense('LICENSE', '{"file": "LICENSE"}')).toBe('{"file":"LICENSE"}');
    expect(encodeLicense('MIT', '{"file": "LICENSE"}')).toBe('{"text":"MIT"}');
    expect(encodeLicense('  ', '{"text": "MIT"}')).toBe('');
  });
});
