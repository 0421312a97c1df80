import { formatNumber } from '../../lib/format/format.ts';

/**
 * A counted message with its number isolated in <bdi>: next to a Latin word ("ComfyUI") in Arabic,
 * a bare number is pulled into the Latin run by the bidi algorithm and read out of order.
 */
export function CountText({ text, count, lang }: { text: string; count: number; lang: string }) {
  const number = formatNumber(count, lang);
  const at = text.indexOf(number);
  if (at === -1) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <bdi>{number}</bdi>
      {text.slice(at + number.length)}
    </>
  );
}
