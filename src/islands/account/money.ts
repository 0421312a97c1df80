// Credits are integer micros (1/1,000,000 USD) end to end; these helpers are the only place
// where they meet decimal dollars, and they never go through floating point for input.

export const MICROS_PER_USD = 1_000_000;

/** "12.5" or "0.000001" → micros; null for anything that is not a plain non-negative amount. */
export function usdToMicros(text: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{1,6}))?$/.exec(text.trim());
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(6, '0'));
  return whole * MICROS_PER_USD + fraction;
}

/** Micros as a localized USD amount; cents by default, all six digits when they matter. */
export function formatMicros(micros: number, lang: string): string {
  const exactCents = micros % 10_000 === 0;
  return new Intl.NumberFormat(lang, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: exactCents ? 2 : 6,
  }).format(micros / MICROS_PER_USD);
}
