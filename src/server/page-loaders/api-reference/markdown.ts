import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

// Descriptions in the OpenAPI document are short markdown (`code`, emphasis, the odd link or list).
// They are written by us, but go through the same kind of sanitising as any HTML the site renders.

const marked = new Marked({ gfm: true, breaks: false });

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'code', 'em', 'strong', 'a', 'ul', 'ol', 'li', 'br', 'pre'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
};

/** A description as safe HTML paragraphs; '' for none. */
export function markdownBlock(text: string | undefined): string {
  const source = text?.trim();
  return source ? sanitizeHtml(marked.parse(source, { async: false }), OPTIONS) : '';
}

/** A one-line description (a table cell) as safe inline HTML; '' for none. */
export function markdownInline(text: string | undefined): string {
  const source = text?.trim();
  return source ? sanitizeHtml(marked.parseInline(source, { async: false }), OPTIONS) : '';
}
