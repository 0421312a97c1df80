import { describe, expect, it } from 'vitest';
import { renderReadme } from './render-readme.ts';
import { repositoryBases } from './repository-urls.ts';
import { readmeImageSrc } from '../../../lib/images/image-url.ts';
import { createImageUrlSigner } from '../../images/image-url-signer.ts';

// Images come through the site's image endpoint, signed (as sanitize-html writes the attribute).
const sign = createImageUrlSigner('render-readme-test').sign;
const proxied = (url: string) => readmeImageSrc(sign, url).replace(/&/g, '&amp;');

const GITHUB = repositoryBases('https://github.com/acme/comfy-pack');
const render = (markdown: string) => renderReadme(markdown, GITHUB, sign);

describe('renderReadme', () => {
  it('renders GitHub-flavoured markdown with headings moved under the page headings', () => {
    const html = render('# Title\n\n## Usage\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n\n`code`');
    expect(html).toContain('<h3>Title</h3>');
    expect(html).toContain('<h4>Usage</h4>');
    expect(html).toContain('<td>1</td>');
    expect(html).toContain('<input type="checkbox" disabled checked />');
    expect(html).toContain('<code>code</code>');
  });

  it('removes scripts, styles, iframes and inline event handlers', () => {
    const html = render(
      [
        '<script>alert(1)</script>',
        '<img src="https://example.com/a.png" onerror="alert(2)">',
        '<p onclick="alert(3)" style="color:red">hi</p>',
        '<iframe src="https://evil.example"></iframe>',
        '<style>body{display:none}</style>',
        '<form action="https://evil.example"><button>go</button></form>',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/script|alert|onerror|onclick|style=|iframe|<form|<style/i);
    expect(html).toContain(
      `<img alt="" loading="lazy" decoding="async" src="${proxied('https://example.com/a.png')}" />`,
    );
    expect(html).toContain('<p>hi</p>');
  });

  it('drops javascript:, data: and vbscript: URLs, even when obfuscated', () => {
    const html = render(
      [
        '[a](javascript:alert(1))',
        '<a href="JaVaScRiPt:alert(1)">b</a>',
        '<a href="java\tscript:alert(1)">c</a>',
        '<a href="data:text/html;base64,PHNjcmlwdD4=">d</a>',
        '<a href="vbscript:msgbox(1)">e</a>',
        '![x](data:image/svg+xml;base64,PHN2Zz4=)',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/javascript|script:|data:|vbscript|href=/i);
    expect(html).not.toContain('<img');
    for (const text of ['a', 'b', 'c', 'd', 'e']) expect(html).toContain(`>${text}</a>`);
  });

  it('resolves relative images to raw.githubusercontent and relative links to the repository', () => {
    const html = render('![diagram](./docs/flow.png)\n\n[guide](docs/GUIDE.md) [root](/LICENSE) [top](#usage)');
    expect(html).toContain(`src="${proxied('https://raw.githubusercontent.com/acme/comfy-pack/HEAD/docs/flow.png')}"`);
    expect(html).toContain('alt="diagram"');
    expect(html).toContain('href="https://github.com/acme/comfy-pack/blob/HEAD/docs/GUIDE.md"');
    expect(html).toContain('href="https://github.com/acme/comfy-pack/blob/HEAD/LICENSE"');
    expect(html).toContain('href="#usage"');
  });

  it('turns github.com blob image URLs into raw ones and keeps absolute https images', () => {
    const html = render('![a](https://github.com/acme/x/blob/main/shot.png) ![b](https://cdn.example.com/b.gif)');
    expect(html).toContain(`src="${proxied('https://raw.githubusercontent.com/acme/x/main/shot.png')}"`);
    expect(html).toContain(`src="${proxied('https://cdn.example.com/b.gif')}"`);
  });

  it('drops relative images and links when the repository host is unknown', () => {
    const html = renderReadme(
      '![x](img/x.png) [doc](doc.md) [site](https://example.com/)',
      repositoryBases('https://example.com/me/pack'),
      sign,
    );
    expect(html).not.toContain('<img');
    expect(html).toContain('<a rel="nofollow ugc noopener noreferrer">doc</a>');
    expect(html).toContain('href="https://example.com/"');
  });

  it('makes code blocks and tables, which scroll sideways on a phone, reachable by keyboard (whatever tabindex the markdown gave)', () => {
    const html = render('```\nwide line\n```\n\n| a |\n|---|\n| 1 |\n\n<pre tabindex="-1">raw</pre>');
    expect(html.match(/<pre tabindex="0">/g)).toHaveLength(2);
    expect(html).toContain('<table tabindex="0">');
    expect(html).not.toContain('tabindex="-1"');
  });

  it('marks every link nofollow and cuts huge input', () => {
    expect(render('[x](https://example.com)')).toContain('rel="nofollow ugc noopener noreferrer"');
    const html = render(`${'word '.repeat(60_000)}TAIL`);
    expect(html).not.toContain('TAIL');
  });
});
