import sanitizeHtml from 'sanitize-html';

/** Alignment is the only inline style the editor's toolbar produces that we keep. */
const ALIGNABLE = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'div', 'span', 'li', 'blockquote', 'td', 'th'];

const CELL_ATTRIBUTES = ['colspan', 'rowspan', 'style'];

/**
 * Images come from our own uploads or from an absolute http(s) address; nothing else (no data:, no
 * protocol-relative `//host`, no other relative path that would resolve differently per page).
 */
const IMAGE_SRC = /^(https?:\/\/[^\s/]|\/uploads\/)/i;

/**
 * Disallowed elements whose content must go with them: executable or raw text (script, style, ...),
 * embedded documents, foreign content (svg, math) and form controls. Other disallowed elements are
 * unwrapped and their text kept.
 */
const DROP_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'xmp',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'title',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'select',
  'button',
  'datalist',
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'caption',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'span',
    'div',
    'code',
    'pre',
    'hr',
  ],
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  allowedAttributes: {
    ...Object.fromEntries(ALIGNABLE.map((tag) => [tag, ['style']])),
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    ol: ['start'],
    col: ['span'],
    colgroup: ['span'],
    td: CELL_ATTRIBUTES,
    th: [...CELL_ATTRIBUTES, 'scope'],
  },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/] } },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Deeper markup than this is not something an editor produces; beyond it tags are dropped, text kept.
  nestingLimit: 64,
  transformTags: {
    a: (tagName, attribs) => {
      const { target, ...rest } = attribs;
      // Only a new tab or the same one; a named target could reuse a window another page controls.
      if (target === '_self') return { tagName, attribs: { ...rest, target } };
      if (target !== '_blank') return { tagName, attribs: rest };
      const rel = new Set((attribs.rel ?? '').toLowerCase().split(/\s+/).filter(Boolean));
      rel.add('noopener').add('noreferrer');
      return { tagName, attribs: { ...attribs, rel: [...rel].join(' ') } };
    },
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      return { tagName, attribs: src && IMAGE_SRC.test(src.trim()) ? { ...rest, src: src.trim() } : rest };
    },
  },
  // An image without an acceptable source is dropped altogether rather than kept as an empty <img>.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Is there anything a reader would see: text (other than whitespace) or an image or rule? */
const hasVisibleContent = (html: string) =>
  /<(img|hr)\b/i.test(html) ||
  sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;|&#160;|\u00a0/g, ' ')
    .trim() !== '';

/**
 * Cleans admin-authored HTML against an explicit allow-list before it is stored: formatting, lists,
 * links (http, https, mailto, tel, relative), images (http, https, /uploads/), tables; no scripts,
 * styles, frames, foreign content, forms, event handlers or unsafe URLs. `target="_blank"` links get
 * `rel="noopener noreferrer"`. Returns null when nothing visible is left (so an emptied editor
 * stores null, not `<p></p>`).
 */
export function sanitizeRichText(html: string | null | undefined): string | null {
  if (html == null) return null;
  const clean = sanitizeHtml(html, OPTIONS).trim();
  return clean !== '' && hasVisibleContent(clean) ? clean : null;
}

/**
 * Returns a copy of `values` with the named rich-text fields sanitised. Fields absent from `values`
 * stay absent (a partial update does not clear them); non-string values are left as they are.
 */
export function sanitizeFields<T extends object>(values: T, fields: readonly (keyof T)[]): T {
  const result = { ...values };
  for (const field of fields) {
    if (!(field in result)) continue;
    const value: unknown = result[field];
    if (typeof value === 'string' || value === null) {
      result[field] = sanitizeRichText(value) as T[keyof T];
    }
  }
  return result;
}
