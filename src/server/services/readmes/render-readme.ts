import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { readmeImageSrc, type SignImageUrl } from '../../../lib/images/image-url.ts';
import { resolveReference, type RepositoryBases } from './repository-urls.ts';

/** Markdown beyond this many characters is cut before rendering (keeps a page's HTML bounded). */
export const MAX_MARKDOWN_CHARS = 200_000;

const marked = new Marked({ gfm: true, breaks: false });

// The README sits under the page's own h1 and a "README" h2, so its headings move down two levels.
const shiftHeading =
  (level: number): sanitizeHtml.Transformer =>
  (_tagName, attribs) => ({ tagName: `h${Math.min(level + 2, 6)}`, attribs });

const HEADING_TRANSFORMS = Object.fromEntries([1, 2, 3, 4, 5, 6].map((level) => [`h${level}`, shiftHeading(level)]));

const scrollable: sanitizeHtml.Transformer = (tagName) => ({ tagName, attribs: { tabindex: '0' } });

function sanitizeOptions(bases: RepositoryBases, sign: SignImageUrl): sanitizeHtml.IOptions {
  return {
    allowedTags: [
      ...sanitizeHtml.defaults.allowedTags.filter((tag) => !['h1', 'h2'].includes(tag)),
      'img',
      'details',
      'summary',
      'del',
      'ins',
      'sup',
      'sub',
      'kbd',
      'input',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding', 'referrerpolicy'],
      th: ['align', 'colspan', 'rowspan'],
      td: ['align', 'colspan', 'rowspan'],
      ol: ['start'],
      code: ['class'],
      details: ['open'],
      // GFM task lists: a disabled checkbox, nothing a visitor can submit.
      input: ['type', 'checked', 'disabled'],
      // Set by the transforms below, never taken from the markdown.
      pre: ['tabindex'],
      table: ['tabindex'],
    },
    allowedClasses: { code: ['language-*'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    transformTags: {
      ...HEADING_TRANSFORMS,
      a: (tagName, attribs) => {
        const href = attribs['href'] === undefined ? null : resolveReference(attribs['href'], bases.link, 'link');
        const next: sanitizeHtml.Attributes = { rel: 'nofollow ugc noopener noreferrer' };
        if (href) next['href'] = href;
        if (attribs['title']) next['title'] = attribs['title'];
        return { tagName, attribs: next };
      },
      img: (tagName, attribs) => {
        const src = attribs['src'] === undefined ? null : resolveReference(attribs['src'], bases.image, 'image');
        const next: sanitizeHtml.Attributes = {
          alt: attribs['alt'] ?? '',
          loading: 'lazy',
          decoding: 'async',
        };
        // Through the site's image endpoint: no visitor's browser contacts the README's image hosts.
        if (src) next['src'] = readmeImageSrc(sign, src);
        for (const key of ['title', 'width', 'height']) if (attribs[key]) next[key] = attribs[key];
        return { tagName, attribs: next };
      },
      // Code blocks and tables scroll sideways inside the README box on a narrow screen: a scrolling
      // box must take keyboard focus so it can be scrolled without a pointer.
      pre: scrollable,
      table: scrollable,
      input: (tagName, attribs) => ({
        tagName,
        attribs: { type: 'checkbox', disabled: '', ...(attribs['checked'] !== undefined ? { checked: '' } : {}) },
      }),
    },
    // An image whose source was dropped (unsafe, or relative without a known repository) goes away.
    exclusiveFilter: (frame) =>
      (frame.tag === 'img' && !frame.attribs['src']) || (frame.tag === 'input' && frame.attribs['type'] !== 'checkbox'),
  };
}

/**
 * README markdown → safe HTML: GitHub-flavoured markdown rendered by marked, then everything that can
 * run or track is removed by sanitize-html (scripts, styles, iframes, forms, on* handlers,
 * javascript:/data: URLs). Relative links and images point into the repository; images come through
 * the site's image endpoint, with URLs signed by `sign`.
 */
export function renderReadme(markdown: string, bases: RepositoryBases, sign: SignImageUrl): string {
  const source = markdown.length > MAX_MARKDOWN_CHARS ? markdown.slice(0, MAX_MARKDOWN_CHARS) : markdown;
  const html = marked.parse(source, { async: false });
  return sanitizeHtml(html, sanitizeOptions(bases, sign)).trim();
}
