import { describe, expect, it } from 'vitest';
import { renderReleaseMarkdown as renderWithSigner } from './render-markdown.ts';
import { readmeImageSrc } from '../../../lib/images/image-url.ts';
import { createImageUrlSigner } from '../../images/image-url-signer.ts';

// Images come through the site's image endpoint, signed (as sanitize-html writes the attribute).
const sign = createImageUrlSigner('render-markdown-test').sign;
const proxied = (url: string) => readmeImageSrc(sign, url).replace(/&/g, '&amp;');
const renderReleaseMarkdown = (markdown: string) => renderWithSigner(markdown, sign);

describe('renderReleaseMarkdown', () => {
  it('renders markdown, shifting headings under the page’s own', () => {
    const html = renderReleaseMarkdown(
      '# Title\n\n## Fixes\n\n- **bold** and `code`\n\n[docs](https://docs.comfy.org)',
    );
    expect(html).toContain('<h3>Title</h3>');
    expect(html).toContain('<h4>Fixes</h4>');
    expect(html).toContain('<li><strong>bold</strong> and <code>code</code></li>');
    expect(html).toContain('<a href="https://docs.comfy.org" rel="noopener noreferrer nofollow">docs</a>');
  });

  it('keeps an image’s alt text', () => {
    expect(renderReleaseMarkdown('![A chart](https://x.test/c.png)')).toContain(
      `<img alt="A chart" src="${proxied('https://x.test/c.png')}" loading="lazy" />`,
    );
  });

  it('strips scripts, event handlers, styles and javascript: links', () => {
    const html = renderReleaseMarkdown(
      '<script>alert(1)</script><img src="https://x.test/a.png" onerror="alert(2)"><div style="color:red">hi</div>\n\n' +
        '[click](javascript:alert(3)) <iframe src="https://evil.test"></iframe>',
    );
    expect(html).not.toMatch(/script|onerror|style=|javascript:|iframe|alert/i);
    expect(html).toContain(`<img alt="" src="${proxied('https://x.test/a.png')}" loading="lazy" />`);
    expect(html).toContain('hi');
  });
});
