import type { Page } from '@playwright/test';

// Horizontal overflow, measured the two ways a phone user meets it:
// - the page itself scrolls sideways (document.scrollingElement.scrollWidth > clientWidth);
// - something is drawn past the left or right edge of the viewport. In a right-to-left page, content
//   pushed past the right edge cannot even be scrolled to, so the scroll width alone misses it.
// Boxes and text inside a container that clips or scrolls (a table's scroll wrapper, a <pre>) are
// measured by the part that container shows: scrolling inside its own box is allowed, only the
// container itself must stay on screen.

/** Lines saying what sticks out and by how much; empty when the page fits its viewport. */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const width = root.clientWidth;
    const problems: string[] = [];
    if (root.scrollWidth > width) problems.push(`the page scrolls sideways: ${root.scrollWidth}px wide in ${width}px`);

    // Sub-pixel rounding of borders and fractional widths is not overflow.
    const SLACK = 1;
    type Span = [left: number, right: number];
    const clip = (box: Element, style: CSSStyleDeclaration, [left, right]: Span): Span => {
      if (style.overflowX === 'visible') return [left, right];
      const bounds = box.getBoundingClientRect();
      return [Math.max(left, bounds.left), Math.min(right, bounds.right)];
    };
    /**
     * The part of a span left visible by the ancestors from `box` up, for content positioned as
     * `position`. Only ancestors on the containing-block chain clip: an absolutely positioned box (a
     * screen-reader-only label) escapes a scroll wrapper that is not positioned, and widens the page.
     */
    const visible = (box: Element | null, position: string, span: Span): Span => {
      let escaping = position;
      for (; box && box !== document.documentElement; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (escaping === 'fixed' && style.transform === 'none') continue;
        if (escaping === 'absolute' && style.position === 'static' && style.transform === 'none') continue;
        span = clip(box, style, span);
        escaping = style.position;
      }
      return span;
    };
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const testId = element.getAttribute('data-testid');
      const tag = `${element.tagName.toLowerCase()}${id}${testId ? `[data-testid=${testId}]` : ''}`;
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return text ? `${tag} "${text}"` : tag;
    };
    const sticksOut = ([left, right]: Span) =>
      right > left && (left < -SLACK || right > width + SLACK) ? `${Math.round(left)}…${Math.round(right)}` : null;

    // An element whose parent sticks out too is reported through the parent (the first box that leaves).
    const offending = new Set<Element>();
    for (const element of document.body.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const position = getComputedStyle(element).position;
      const span = sticksOut(visible(element.parentElement, position, [rect.left, rect.right]));
      if (!span) continue;
      offending.add(element);
      if (element.parentElement && offending.has(element.parentElement)) continue;
      problems.push(`${describe(element)} spans ${span}px of ${width}px`);
    }
    // Text can overflow a box that itself fits (one long word in a narrow paragraph).
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || offending.has(parent) || !node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const style = getComputedStyle(parent);
      for (const rect of range.getClientRects()) {
        if (rect.width === 0 || rect.height === 0) continue;
        // The parent clips its own text; above it, the text goes where the parent goes.
        const own = clip(parent, style, [rect.left, rect.right]);
        const span = sticksOut(visible(parent.parentElement, style.position, own));
        if (!span) continue;
        offending.add(parent);
        problems.push(`text in ${describe(parent)} spans ${span}px of ${width}px`);
        break;
      }
    }
    return problems;
  });
}
