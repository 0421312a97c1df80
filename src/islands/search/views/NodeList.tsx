import type { Locale } from '../../../i18n/locales.ts';
import type { TFunction } from '../../../i18n/translator.ts';
import type { CardNode, NodeHighlight } from '../../../lib/search/types.ts';
import { NodeCardView } from './NodeCardView.tsx';

/** A responsive grid of cards. */
export function NodeList({
  lang,
  t,
  nodes,
  highlights = {},
  testId,
  headingLevel = 3,
}: {
  lang: Locale;
  t: TFunction;
  nodes: CardNode[];
  highlights?: Record<string, NodeHighlight>;
  testId?: string;
  headingLevel?: 3 | 4;
}) {
  return (
    <ul className="grid gap-4 xl:grid-cols-2" data-testid={testId}>
      {nodes.map((node) => (
        <li key={node.id}>
          <NodeCardView node={node} lang={lang} t={t} highlight={highlights[node.id]} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
