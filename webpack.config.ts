import path from 'node:path';
import zlib from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import webpack, { type Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { SPA_BUILD_PROGRESS, spaBuildProgress } from './scripts/buildProgress';
import { TINYMCE_FILES } from './src/components/form/tinymceAssets';
import { DURATIONS } from './src/shared/limits';
import { BUILD_INFO_FILE } from './src/shared/routes';

type Mode = 'production' | 'development' | 'none';
interface Argv {
  mode?: Mode;
}

const root = __dirname;
const publicDir = path.resolve(root, 'public');
/** The self-hosted rich-text editor's package; only the files the editor loads are copied from it. */
const tinymceDir = path.resolve(root, 'node_modules', 'tinymce');
const serverUrl = `http://127.0.0.1:${process.env.PORT ?? 8080}`;

/**
 * What gets pre-compressed copies beside it (`x.js.br`, `x.js.gz`); the server sends the best one the
 * browser accepts. Images and fonts are compressed already.
 */
const COMPRESSIBLE = /\.(js|css|html|svg|txt|json)$/;

/**
 * A brotli and a gzip copy of each asset matching `test`, at the highest levels: compressed once per
 * build, sent many times. A copy that saves under 20% is not written; the server then sends the
 * original. (bench/browser-timing.ts builds its reference pages with the same.)
 */
export const compressionPlugins = (test: RegExp) => [
  new CompressionPlugin<zlib.BrotliOptions>({
    test,
    filename: '[path][base].br',
    algorithm: 'brotliCompress',
    compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    minRatio: 0.8,
  }),
  new CompressionPlugin({
    test,
    filename: '[path][base].gz',
    algorithm: 'gzip',
    compressionOptions: { level: 9 },
    minRatio: 0.8,
  }),
];

/**
 * V8's explicit compile hint (Chrome 136 and later; other browsers read a comment): every function of
 * a file that starts with it is compiled as the file streams in, on a background thread, instead of
 * lazily on the main thread at its first call. Our chunks are mostly what a screen runs as it opens
 * (by V8's coverage, 54 % of what the list loads has run by its paint): the rest is compiled in vain,
 * mostly off the main thread (about 14 ms per 100 kB never run, on the 2-core bench machine). A
 * list's rows painted 50–120 ms sooner, /login ready 60 ms sooner (bench/README.md, "Issue 15, V8's
 * compile hint on every bundle" and "… where the list's last 120 ms go";
 * docs/decisions/2026-11-29-v8-compile-hint.md).
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** `node_modules/(a|b|...)/` as a RegExp, for cache groups. */
const modules = (...names: string[]) =>
  new RegExp(
    `[\\\\/]node_modules[\\\\/](${names.map((n) => n.split('/').join('[\\\\/]')).join('|')})[\\\\/]`,
  );

/** Formik (with its helpers) and the MUI parts a text input is built from (FormTextField). */
const FORM_PARTS = new RegExp(
  [
    modules('formik', 'lodash-es', 'react-fast-compare', 'deepmerge', 'tiny-warning').source,
    modules(
      ...[
        'InputBase',
        'OutlinedInput',
        'InputLabel',
        'FormControl',
        'FormLabel',
        'FormHelperText',
        'InputAdornment',
        'TextareaAutosize',
      ].map((part) => `@mui/material/esm/${part}`),
    ).source,
  ].join('|'),
);

/** The lazy chunks a guest screen may load (its route's, and unnamed ones any screen may ask for). */
const GUEST_CHUNKS = new Set(['login', 'forgot-password', 'forgot-password-success', 'reset-password']);
/** A chunk only a signed-in user loads: a named route chunk that is not a guest screen's. */
const signedInChunk = (chunk: webpack.Chunk) => Boolean(chunk.name) && !GUEST_CHUNKS.has(chunk.name ?? '');

/**
 * Writes the build's id (webpack's compilation hash, which the app reads as `__webpack_hash__`) into
 * BUILD_INFO_FILE: the server publishes it, and open tabs compare it with their own.
 */
class BuildIdPlugin {
  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap('BuildIdPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'BuildIdPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const json = JSON.stringify({ id: compilation.hash });
          compilation.emitAsset(BUILD_INFO_FILE, new webpack.sources.RawSource(json));
        },
      );
    });
  }
}

export default function config(_env: Record<string, unknown>, argv: Argv): Configuration {
  const mode: Mode = argv.mode ?? (process.env.NODE_ENV === 'production' ? 'production' : 'development');
  const production = mode === 'production';

  const devServer: DevServerConfiguration = {
    port: 3000,
    historyApiFallback: true,
    hot: true,
    static: false,
    proxy: [{ context: ['/api', '/oauth', '/env.js', '/uploads'], target: serverUrl }],
  };

  return {
    mode,
    context: root,
    entry: { main: './src/index.tsx' },
    output: {
      path: path.resolve(root, 'dist'),
      publicPath: '/',
      // Ten hex digits of the content hash (40 bits: enough to tell two builds of a file apart). Every
      // chunk's hash is in the runtime's map that each guest screen loads: webpack's 20 cost ~1 kB.
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash][ext]',
      chunkLoadTimeout: DURATIONS.chunkLoadTimeoutMs,
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'esbuild-loader',
          options: { target: 'es2020', jsx: 'automatic' },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(png|jpe?g|gif|webp|svg|woff2?)$/, type: 'asset' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: path.join(publicDir, 'index.html'), scriptLoading: 'defer' }),
      new CopyWebpackPlugin({
        patterns: [
          { from: publicDir, globOptions: { ignore: ['**/index.html'] } },
          // TinyMCE is not bundled: the editor wrapper loads /tinymce/tinymce.min.js at run time and
          // TinyMCE then loads its theme, model, icons, skin and plugins from beside it. The dev
          // server serves these from memory like any other asset.
          ...TINYMCE_FILES.map((file) => ({
            from: path.join(tinymceDir, file),
            to: `tinymce/${file}`,
            info: { minimized: true },
          })),
        ],
      }),
      new MiniCssExtractPlugin({
        filename: production ? '[name].[contenthash:10].css' : '[name].css',
        chunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      }),
      // The XState inspector is development-only (machines/inspector.ts); keep its lazy chunk out
      // of production builds altogether.
      ...(production ? [new webpack.IgnorePlugin({ resourceRegExp: /^@statelyai\/inspect$/ })] : []),
      ...(production ? compressionPlugins(COMPRESSIBLE) : []),
      // MUI's theme builder with CSS variables is imported by `createTheme` but never called for
      // this app's themes (src/app/noCssVariables.ts says why and what to do to use it).
      new webpack.NormalModuleReplacementPlugin(/^\.\/createThemeWithVars\.js$/, (request) => {
        if (/[\\/]@mui[\\/]material[\\/]esm[\\/]styles$/.test(request.context)) {
          request.request = path.resolve(root, 'src/app/noCssVariables.ts');
        }
      }),
      new BuildIdPlugin(),
      // `npm start`'s first build says how far it is (scripts/buildProgress.ts).
      ...(process.env[SPA_BUILD_PROGRESS]
        ? [new webpack.ProgressPlugin(spaBuildProgress((line) => process.stdout.write(line)))]
        : []),
      // After the minifier (which would drop the comment), before the compressed copies. Only the
      // chunks' files: the copied TinyMCE files are not bundles and are left as they are.
      ...(production
        ? [
            new webpack.BannerPlugin({
              banner: COMPILE_HINT,
              raw: true,
              test: /\.js$/,
              stage: webpack.Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING,
            }),
          ]
        : []),
      new webpack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(mode),
        'process.env.XSTATE_INSPECT': JSON.stringify(process.env.XSTATE_INSPECT ?? 'false'),
      }),
    ],
    optimization: {
      // NODE_ENV is defined above, once, so the inspector flag and it come from the same place.
      nodeEnv: false,
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          // Every package the first page needs (/login included) in one file beside main, which
          // carries webpack's runtime: one request instead of five (each pays its headers), and one
          // large file compresses better than several. Packages change rarely, so it caches well.
          vendor: {
            test: /[\\/]node_modules[\\/]/,
            name: 'vendor',
            chunks: 'initial',
            priority: 40,
            enforce: true,
          },
          // Formik and MUI's input parts: every form loads them, the guest screens included; one
          // file rather than a few shared fragments.
          forms: {
            test: (module: webpack.Module) => FORM_PARTS.test(module.nameForCondition() ?? ''),
            name: 'forms',
            chunks: 'async',
            priority: 30,
            enforce: true,
          },
          // The schema libraries a list's early request for rows needs (its contract), beside the
          // route's other chunks: one small file the rows wait for (issue #15).
          schemas: {
            test: modules('yup', 'property-expr', 'tiny-case', 'toposort', '@sinclair/typebox'),
            name: 'schemas',
            chunks: signedInChunk,
            priority: 25,
            enforce: true,
          },
          // Every other package of the signed-in screens (MUI's parts: menus, dialogs, chips,
          // autocomplete, tabs …) in one file rather than fifteen fragments: a list's first load
          // fetched 23 files over the browser's six connections, its rows waiting for the last
          // ones (issue #15). The guest screens keep their own files (`signedInChunk`).
          appVendor: {
            test: /[\\/]node_modules[\\/]/,
            name: 'app-vendor',
            chunks: signedInChunk,
            priority: 10,
            enforce: true,
          },
          // Charts (MUI X Charts and the d3 parts it is drawn with): only the dashboard's subscribers
          // card loads them, after the card's first paint; never in app-vendor, which every signed-in
          // screen loads.
          charts: {
            test: modules(
              '@mui/x-charts',
              '@mui/x-charts-vendor',
              '@mui/x-internal-gestures',
              'd3-[\\w-]+',
              'internmap',
              'bezier-easing',
              'flatqueue',
            ),
            name: 'charts-vendor',
            chunks: 'async',
            priority: 22,
            enforce: true,
          },
          // Data grid: heavy, only the list screens (and their deleted records' page) need it.
          muiX: {
            test: modules('@mui/x-data-grid', '@mui/x-internals', '@mui/x-license', 'dayjs'),
            name: 'mui-x',
            chunks: 'async',
            priority: 20,
          },
          // Date pickers: forms with a date, and a list's date filter after its first paint; apart
          // from the grid, so a list's first load does not fetch and compile them before its rows
          // (issue #15).
          datePickers: {
            test: modules('@mui/x-date-pickers'),
            name: 'date-pickers',
            chunks: 'async',
            priority: 20,
          },
        },
      },
    },
    // No source maps are served in production (the server refuses *.map too); SOURCE_MAPS=hidden writes
    // them beside the bundles, unreferenced, for decoding error reports.
    devtool: production
      ? process.env.SOURCE_MAPS === 'hidden'
        ? 'hidden-source-map'
        : false
      : 'eval-cheap-module-source-map',
    performance: { hints: false },
    devServer,
  };
}
