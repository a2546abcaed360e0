import { useTheme } from '@mui/material/styles';
import { Editor } from '@tinymce/tinymce-react';
import { TINYMCE_BASE_URL, TINYMCE_PLUGINS } from './tinymceAssets';

export interface RichTextEditorProps {
  /** The id of the element the editor replaces (a label's `htmlFor`). */
  id: string;
  /** The accessible name of the editing area. */
  label: string;
  /** The HTML being edited. */
  value: string;
  /** Height of the whole editor, toolbar included, in px. */
  height: number;
  disabled?: boolean;
  /** 'gpl' or a commercial key (see RichTextField). */
  licenseKey: string;
  onChange: (html: string) => void;
  onBlur: () => void;
}

/**
 * TinyMCE, self-hosted: the wrapper loads `/tinymce/tinymce.min.js` (copied there by webpack) at run
 * time, and every further file (theme, model, icons, skin, plugins) from the same place. Nothing is
 * fetched from another origin. Only RichTextField imports this module, lazily.
 */
export default function RichTextEditor({
  id,
  label,
  value,
  height,
  disabled,
  licenseKey,
  onChange,
  onBlur,
}: RichTextEditorProps) {
  const dark = useTheme().palette.mode === 'dark';
  return (
    <Editor
      // TinyMCE reads its skin once, at init: a theme switch starts the editor afresh.
      key={dark ? 'dark' : 'light'}
      id={id}
      tinymceScriptSrc={`${TINYMCE_BASE_URL}/tinymce.min.js`}
      licenseKey={licenseKey}
      value={value}
      disabled={disabled}
      onEditorChange={(html) => onChange(html)}
      onBlur={() => onBlur()}
      init={{
        // The editing area is an iframe, and a frame needs a name (WCAG 4.1.2): the field's label,
        // on the frame from the moment it exists (TinyMCE titles it in Firefox only).
        iframe_attrs: { title: label },
        setup: (editor) => {
          // The resize handle is a focusable separator, which needs its value (axe's
          // aria-required-attr, critical); TinyMCE gives it one only once its skin has loaded,
          // seconds later on a busy machine. Until then it says the height the editor starts at.
          editor.on('PostRender', () => {
            const handle = editor.getContainer()?.querySelector('.tox-statusbar__resize-handle');
            if (handle && !handle.hasAttribute('aria-valuenow')) {
              handle.setAttribute('aria-valuenow', String(height));
              handle.setAttribute('aria-valuemin', '100');
              handle.setAttribute('aria-valuemax', String(height));
            }
          });
          // Outside Firefox TinyMCE also puts the label on the editable body, which has no role to
          // carry a name (aria-prohibited-attr), and a body may take none (aria-allowed-role). The
          // frame's title names the editor, as TinyMCE does in Firefox.
          editor.on('PreInit', () => editor.getBody().removeAttribute('aria-label'));
        },
        skin: dark ? 'oxide-dark' : 'oxide',
        content_css: dark ? 'dark' : 'default',
        base_url: TINYMCE_BASE_URL,
        suffix: '.min',
        height,
        menubar: false,
        promotion: false,
        branding: false,
        plugins: [...TINYMCE_PLUGINS],
        toolbar: 'undo redo | blocks | bold italic underline | bullist numlist | link image table | code',
        // Only blocks the server keeps (server/lib/sanitizeHtml.ts).
        block_formats:
          'Paragraph=p; Heading 1=h1; Heading 2=h2; Heading 3=h3; Heading 4=h4; Quote=blockquote; Preformatted=pre',
        iframe_aria_text: label,
        // Images are linked by URL (an upload's /uploads/... address or http(s)); pasted or dropped
        // image data would become data: URLs, which the server refuses.
        paste_data_images: false,
        automatic_uploads: false,
        image_uploadtab: false,
        image_advtab: false,
        link_default_protocol: 'https',
        // Same-site addresses stay root-relative (/uploads/7.png), never relative to the page.
        relative_urls: false,
        remove_script_host: true,
      }}
    />
  );
}
