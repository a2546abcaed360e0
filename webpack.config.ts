import path from 'node:path';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import webpack, { type Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { TINYMCE_FILES } from './src/components/form/tinymceAssets';
import { DURATIONS } from './src/shared/limits';

type Mode = 'production' | 'development' | 'none';
interface Argv {
  mode?: Mode;
}

const root = __dirname;
const publicDir = path.resolve(root, 'public');
/** The self-hosted rich-text editor's package; only the files the editor loads are copied from it. */
const tinymceDir = path.resolve(root, 'node_modules', 'tinymce');
const serverUrl = `http://127.0.0.1:${process.env.PORT ?? 8080}`;

/** `node_modules/(a|b|...)/` as a RegExp, for cache groups. */
const modules = (...names: string[]) =>
  new RegExp(`[\\\\/]node_modules[\\\\/](${names.map((n) => n.replace('/', '[\\\\/]')).join('|')})[\\\\/]`);

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
      filename: production ? '[name].[contenthash].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash].js' : '[name].js',
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
        filename: production ? '[name].[contenthash].css' : '[name].css',
        chunkFilename: production ? '[name].[contenthash].css' : '[name].css',
      }),
      // The XState inspector is development-only (machines/inspector.ts); keep its lazy chunk out
      // of production builds altogether.
      ...(production ? [new webpack.IgnorePlugin({ resourceRegExp: /^@statelyai\/inspect$/ })] : []),
      new webpack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(mode),
        'process.env.XSTATE_INSPECT': JSON.stringify(process.env.XSTATE_INSPECT ?? 'false'),
      }),
    ],
    optimization: {
      // NODE_ENV is defined above, once, so the inspector flag and it come from the same place.
      nodeEnv: false,
      runtimeChunk: 'single',
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          // Needed by every page, /login included; changes rarely, so it caches well.
          framework: {
            test: modules(
              'react',
              'react-dom',
              'scheduler',
              'react-router',
              'react-router-dom',
              'react-redux',
              '@reduxjs/toolkit',
              'redux',
              'redux-thunk',
              'immer',
              'reselect',
              'use-sync-external-store',
              'cookie',
              'set-cookie-parser',
            ),
            name: 'framework',
            chunks: 'initial',
            priority: 40,
            enforce: true,
          },
          // MUI's styling core and the components the entry itself renders. Components only lazy
          // screens use stay in async chunks, so /login does not pay for the app shell's drawer etc.
          mui: {
            test: modules(
              '@mui/material',
              '@mui/system',
              '@mui/styled-engine',
              '@mui/utils',
              '@mui/private-theming',
              '@emotion',
              '@babel/runtime',
              'stylis',
              'clsx',
              'react-transition-group',
              'react-is',
              'prop-types',
              'hoist-non-react-statics',
            ),
            name: 'mui',
            chunks: 'initial',
            priority: 30,
            enforce: true,
          },
          // Data grid and date pickers: heavy, only list/form screens need them.
          muiX: {
            test: modules(
              '@mui/x-data-grid',
              '@mui/x-date-pickers',
              '@mui/x-internals',
              '@mui/x-license',
              'dayjs',
            ),
            name: 'mui-x',
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
