/**
 * What the self-hosted TinyMCE needs at run time, shared by the editor (what it asks for) and
 * webpack.config.ts (what it copies from node_modules/tinymce to dist/tinymce). Plain data: no
 * React, no TinyMCE import, so the build config can read it.
 */

/** Where the editor's files are served from (same origin; no cloud). */
export const TINYMCE_BASE_URL = '/tinymce';

/** The editor's plugins: enabling one here both loads it and copies its file into the build. */
export const TINYMCE_PLUGINS = ['autolink', 'lists', 'link', 'image', 'table', 'code'] as const;

/** The files, relative to the tinymce package, that the editor loads for that configuration. */
export const TINYMCE_FILES = [
  'tinymce.min.js',
  'license.md',
  'models/dom/model.min.js',
  'themes/silver/theme.min.js',
  'icons/default/icons.min.js',
  'skins/ui/oxide/skin.min.css',
  'skins/ui/oxide/content.min.css',
  'skins/content/default/content.min.css',
  // The dark theme's editor (the app in dark mode).
  'skins/ui/oxide-dark/skin.min.css',
  'skins/ui/oxide-dark/content.min.css',
  'skins/content/dark/content.min.css',
  ...TINYMCE_PLUGINS.map((plugin) => `plugins/${plugin}/plugin.min.js`),
];
