import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { readmeImageSrc, type SignImageUrl } from '../../../lib/images/image-url.ts';

// Release notes are written by admins, but the rendered HTML is still sanitised: an admin
// account can be compromised, and notes are often pasted from elsewhere. Headings are shifted
// down two levels so a note's "# Title" sits under the page's own h1 and the note's h2.

const marked = new Marked({ gfm: true, async: false });

const ALLOWED_TAGS = [
  ...['h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'em', 'strong', 'del'],
  ...['ul', 'ol', 'li', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'sup', 'sub', 'kbd'],
];

const SHIFTED_HEADINGS = { h1: 'h3', h2: 'h4', h3: 'h5', h4: 'h6', h5: 'h6', h6: 'h6' };

const options = (sign: SignImageUrl): sanitizeHtml.IOptions => ({
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'loading'],
    th: ['align'],
    td: ['align'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  transformTags: {
    ...SHIFTED_HEADINGS,
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
    // An image without alt text is announced by its file name: default to decorative.
    // The image comes through the site's image endpoint (no visitor's browser contacts its host).
    img: (tagName, attribs) => ({
      tagName,
      attribs: {
        alt: '',
        ...attribs,
        ...(attribs['src'] ? { src: readmeImageSrc(sign, attribs['src']) } : {}),
        loading: 'lazy',
      },
    }),
  },
});

/** Markdown → safe HTML: no scripts, styles, event handlers or javascript: URLs; image URLs signed by `sign`. */
export function renderReleaseMarkdown(markdown: string, sign: SignImageUrl): string {
  return sanitizeHtml(marked.parse(markdown) as string, options(sign));
}
