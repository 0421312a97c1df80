import { describe, expect, it } from 'vitest';
import { licenseView } from './license.ts';

describe('licenseView', () => {
  it('reads JSON, TOML-ish and bare licenses', () => {
    expect(licenseView('{"text": "MIT"}')).toEqual({ label: 'MIT' });
    expect(licenseView('{"file": "LICENSE.txt"}')).toEqual({ label: 'LICENSE.txt', file: 'LICENSE.txt' });
    expect(licenseView('{file="LICENSE"}')).toEqual({ label: 'LICENSE', file: 'LICENSE' });
    expect(licenseView('{text = "GPL-3.0"}')).toEqual({ label: 'GPL-3.0' });
    expect(licenseView('Apache-2.0')).toEqual({ label: 'Apache-2.0' });
    expect(licenseView('"BSD-3-Clause"')).toEqual({ label: 'BSD-3-Clause' });
  });

  it('has nothing to show for empty values and shortens a pasted license text', () => {
    expect(licenseView(null)).toBeNull();
    expect(licenseView('  ')).toBeNull();
    expect(licenseView('{}')).toBeNull();
    expect(licenseView(`{"text": "${'Permission is hereby granted '.repeat(5)}"}`)?.label).toHaveLength(58);
  });
});
