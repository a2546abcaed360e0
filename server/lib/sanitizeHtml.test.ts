import { sanitizeFields, sanitizeRichText } from './sanitizeHtml';

/** Nothing in the output that a browser could run or that loads from an unsafe address. */
function expectInert(html: string | null) {
  const out = html ?? '';
  expect(out).not.toMatch(
    /<\s*(script|style|iframe|object|embed|svg|math|form|input|textarea|button|noscript|xmp)\b/i,
  );
  expect(out).not.toMatch(/\son[a-z]+\s*=/i);
  expect(out).not.toMatch(/(java|vb)script\s*:/i);
  expect(out).not.toMatch(/\b(href|src)\s*=\s*"\s*data:/i);
  expect(out).not.toMatch(/url\s*\(/i);
}

describe('sanitizeRichText', () => {
  const hostile: [string, string][] = [
    ['a script element', '<p>Hi</p><script>alert(1)</script>'],
    ['a script in upper case', '<SCRIPT SRC=//evil.example/x.js></SCRIPT><p>Hi</p>'],
    ['an image with an error handler', '<img src=x onerror=alert(1)>'],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>'],
    ['a mixed-case javascript: link with an entity colon', '<a href="JaVaScRiPt&#x3a;alert(1)">x</a>'],
    ['a javascript: link with leading control characters', '<a href=" &#14;  javascript:alert(1)">x</a>'],
    ['a javascript: link split by an encoded tab', '<a href="jav&#x09;ascript:alert(1)">x</a>'],
    ['a zero-padded entity in the scheme', '<a href="javascript&#0000058;alert(1)">x</a>'],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)">x</a>'],
    ['a data: link', '<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">x</a>'],
    ['an svg with onload', '<svg onload=alert(1)><circle r="1"/></svg>'],
    [
      'an svg smuggling markup through textarea',
      '<svg><textarea><img src=x onerror=alert(1)></textarea></svg>',
    ],
    ['a textarea closed with a trailing solidus', '<textarea></textarea/><img src=x onerror=alert(1)>'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>'],
    ['an iframe with srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ['a style element', '<style>body{background:url(javascript:alert(1))}</style><p>a</p>'],
    ['a style attribute with a javascript: url', '<div style="background:url(javascript:alert(1))">x</div>'],
    ['math with nested mglyph/style', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
    ['a noscript mutation', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
    ['object and embed', '<object data="x.swf"></object><embed src="x.swf">'],
    [
      'form controls',
      '<form action="/x"><input name="a"><button formaction="javascript:alert(1)">Go</button></form>',
    ],
    ['an event handler on an allowed tag', '<p onclick="alert(1)" onmouseover="alert(2)">x</p>'],
    ['a base tag', '<base href="javascript:alert(1)//"><a href="/x">x</a>'],
    ['a meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
    ['a comment hiding a script', '<!-- --><script>alert(1)</script><!-- -->'],
    ['unclosed hostile tags', '<p><b><img src=x onerror=alert(1)'],
    ['a data: image', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
    ['a protocol-relative image', '<img src="//evil.example/a.png">'],
  ];

  it.each(hostile)('leaves nothing executable from %s', (_name, html) => {
    expectInert(sanitizeRichText(html));
  });

  it('keeps the text around removed markup', () => {
    expect(sanitizeRichText('<p onclick="alert(1)">Hello <blink>world</blink></p>')).toBe(
      '<p>Hello world</p>',
    );
  });

  it('drops the content of script, style, frames and foreign elements with them', () => {
    expect(
      sanitizeRichText('<p>a</p><script>alert(1)</script><style>p{}</style><svg><text>t</text></svg>'),
    ).toBe('<p>a</p>');
  });

  it('keeps headings, emphasis, lists, quotes, code and rules', () => {
    const html =
      '<h2>Title</h2><p><strong>b</strong> <b>b</b> <em>i</em> <i>i</i> <u>u</u> <s>s</s><br />x</p>' +
      '<ul><li>one</li></ul><ol start="3"><li>two</li></ol><blockquote>q</blockquote>' +
      '<pre><code>const a = 1;</code></pre><hr />';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('keeps links with safe schemes and relative paths', () => {
    for (const href of [
      'https://example.com/a?b=c',
      'http://example.com',
      'mailto:a@example.com',
      'tel:+4412345',
      '/products/1',
    ]) {
      expect(sanitizeRichText(`<a href="${href}" title="t">x</a>`)).toBe(`<a href="${href}" title="t">x</a>`);
    }
  });

  it('removes unsafe hrefs but keeps the link text', () => {
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
  });

  it('adds rel="noopener noreferrer" to links opening a new tab, keeping other rel values', () => {
    expect(sanitizeRichText('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(
      sanitizeRichText('<a href="https://example.com" target="_blank" rel="nofollow noopener">x</a>'),
    ).toBe('<a href="https://example.com" target="_blank" rel="nofollow noopener noreferrer">x</a>');
  });

  it('drops named link targets', () => {
    expect(sanitizeRichText('<a href="https://example.com" target="other">x</a>')).toBe(
      '<a href="https://example.com">x</a>',
    );
  });

  it('keeps images from http(s) and /uploads/ with their size and alt text only', () => {
    expect(
      sanitizeRichText(
        '<img src="https://example.com/a.png" alt="A" width="10" height="20" onload="x" style="float:left">',
      ),
    ).toBe('<img alt="A" width="10" height="20" src="https://example.com/a.png" />');
    expect(sanitizeRichText('<p><img src="/uploads/7.png" alt="" /></p>')).toBe(
      '<p><img alt="" src="/uploads/7.png" /></p>',
    );
  });

  it('drops images whose source is not allowed', () => {
    for (const src of [
      'x',
      '../uploads/7.png',
      '//evil.example/a.png',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      'ftp://example.com/a.png',
    ]) {
      expect(sanitizeRichText(`<p>t<img src="${src}"></p>`)).toBe('<p>t</p>');
    }
  });

  it('keeps tables with colspan and rowspan', () => {
    const html =
      '<table><caption>c</caption><thead><tr><th scope="col">h</th></tr></thead>' +
      '<tbody><tr><td colspan="2" rowspan="3">a</td></tr></tbody></table>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('keeps text-align and drops every other style', () => {
    expect(
      sanitizeRichText(
        '<p style="text-align: center; color: red; background: url(javascript:alert(1))">x</p>',
      ),
    ).toBe('<p style="text-align:center">x</p>');
    expect(sanitizeRichText('<span style="text-align: expression(alert(1))">x</span>')).toBe(
      '<span>x</span>',
    );
  });

  it('closes unclosed and misnested tags', () => {
    expect(sanitizeRichText('<p><b>bold <i>both</p>')).toBe('<p><b>bold <i>both</i></b></p>');
  });

  it('keeps escaped text escaped', () => {
    expect(sanitizeRichText('<p>1 &lt; 2 &amp;&amp; &lt;script&gt;</p>')).toBe(
      '<p>1 &lt; 2 &amp;&amp; &lt;script&gt;</p>',
    );
  });

  it('returns null for nothing, or for markup with nothing visible in it', () => {
    for (const html of [
      null,
      undefined,
      '',
      '   ',
      '<p></p>',
      '<p>&nbsp;</p>',
      '<p><br></p>',
      '<script>alert(1)</script>',
    ]) {
      expect(sanitizeRichText(html)).toBeNull();
    }
  });

  it('keeps content that is only an image or a rule', () => {
    expect(sanitizeRichText('<hr>')).toBe('<hr />');
    expect(sanitizeRichText('<img src="/uploads/1.png">')).toBe('<img src="/uploads/1.png" />');
  });
});

describe('sanitizeFields', () => {
  interface Product {
    name: string;
    description: string | null;
    body?: string | null;
    price: number;
  }

  it('sanitises only the named fields and returns a new object', () => {
    const values: Product = {
      name: '<b>kept as given</b>',
      description: '<p>ok</p><script>alert(1)</script>',
      body: '<p></p>',
      price: 3,
    };
    const out = sanitizeFields(values, ['description', 'body']);
    expect(out).toEqual({ name: '<b>kept as given</b>', description: '<p>ok</p>', body: null, price: 3 });
    expect(values.description).toBe('<p>ok</p><script>alert(1)</script>');
  });

  it('leaves absent fields absent, so a partial update does not clear them', () => {
    const out = sanitizeFields<Partial<Product>>({ name: 'x' }, ['description', 'body']);
    expect(out).toEqual({ name: 'x' });
    expect('description' in out).toBe(false);
  });

  it('keeps null as null', () => {
    expect(sanitizeFields<Partial<Product>>({ description: null }, ['description'])).toEqual({
      description: null,
    });
  });
});
