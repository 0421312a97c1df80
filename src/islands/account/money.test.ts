import { describe, expect, it } from 'vitest';
import { formatMicros, usdToMicros } from './money.ts';

describe('usdToMicros', () => {
  it('converts decimal dollars to integer micros without floating-point drift', () => {
    expect(usdToMicros('12.5')).toBe(12_500_000);
    expect(usdToMicros('0.1')).toBe(100_000);
    expect(usdToMicros('0.000001')).toBe(1);
    expect(usdToMicros('19.99')).toBe(19_990_000);
    expect(usdToMicros('3,25')).toBe(3_250_000);
    expect(usdToMicros(' 7 ')).toBe(7_000_000);
  });

  it('refuses what is not a plain amount', () => {
    for (const bad of ['', '-1', '1.0000001', 'abc', '1e3', '1.2.3', '99999999'])
      expect(usdToMicros(bad), bad).toBeNull();
  });
});

describe('formatMicros', () => {
  it('shows cents, or every digit when sub-cent amounts matter', () => {
    expect(formatMicros(12_500_000, 'en')).toBe('$12.50');
    expect(formatMicros(1, 'en')).toBe('$0.000001');
    expect(formatMicros(0, 'en')).toBe('$0.00');
  });
});
