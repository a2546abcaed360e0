/**
 * The reference pages the app's list is measured against (bench/reference/): a react-admin list
 * and a bare MUI DataGrid page, built by webpack in production mode with the app's compression
 * settings, against react-admin, ra-data-simple-rest and the app's own React, MUI and MUI X
 * versions, installed with npm into a cache folder under the system's temp dir (never into this
 * repository). Used by bench/browser-timing.ts and bench/list-profile.ts, which copy them under a
 * checkout's dist/__bench/ so its server sends them as it sends the app.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack, { type Configuration } from 'webpack';
import { compressionPlugins } from '../webpack.config';
import { root } from './support';

/** What the reference pages need from npm, at the versions this app uses where it has them. */
const REFERENCE_PACKAGES = ['react-admin@5.15.4', 'ra-data-simple-rest@5.15.3'];
const SHARED_PACKAGES = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  '@mui/material',
  '@mui/icons-material',
  '@mui/x-data-grid',
  '@emotion/react',
  '@emotion/styled',
];
export const REFERENCE_PAGES = ['react-admin', 'datagrid', 'datagrid-floor'] as const;
export type ReferencePage = (typeof REFERENCE_PAGES)[number];
const benchPath = (page: ReferencePage) => `/__bench/${page}/`;

const versionOf = (name: string): string =>
  (
    JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;

/** Installs the reference pages' packages into a cache folder named after their versions. */
function referencePackages(): string {
  const dependencies = Object.fromEntries([
    ...REFERENCE_PACKAGES.map((spec) => {
      const at = spec.lastIndexOf('@');
      return [spec.slice(0, at), spec.slice(at + 1)];
    }),
    ...SHARED_PACKAGES.map((name) => [name, versionOf(name)]),
  ]);
  const manifest = JSON.stringify({ name: 'admin-bench-reference', private: true, dependencies }, null, 2);
  const dir = path.join(
    tmpdir(),
    `admin-bench-reference-${createHash('sha256').update(manifest).digest('hex').slice(0, 12)}`,
  );
  if (!existsSync(path.join(dir, 'node_modules', 'react-admin'))) {
    process.stderr.write(`installing ${REFERENCE_PACKAGES.join(', ')} into ${dir} ...\n`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), manifest);
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  return dir;
}

/**
 * Builds both reference pages into `outDir/<page>/`, as the app's own build would; with
 * `sourceMaps`, each bundle's map is written beside it, unreferenced (as SOURCE_MAPS=hidden does).
 */
function buildReferences(packagesDir: string, outDir: string, sourceMaps = false): Promise<void> {
  const configs: Configuration[] = REFERENCE_PAGES.map((page) => ({
    mode: 'production',
    context: path.join(root, 'bench', 'reference'),
    entry: `./${page}.tsx`,
    output: {
      path: path.join(outDir, page),
      publicPath: benchPath(page),
      filename: '[name].[contenthash].js',
      chunkFilename: '[name].[contenthash].js',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      modules: [path.join(packagesDir, 'node_modules'), 'node_modules'],
    },
    resolveLoader: { modules: [path.join(root, 'node_modules')] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          loader: 'esbuild-loader',
          options: { target: 'es2020', jsx: 'automatic' },
        },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        templateContent:
          '<!doctype html><html><head><meta charset="utf-8"><title>bench</title></head><body><div id="root"></div></body></html>',
        scriptLoading: 'defer',
      }),
      ...compressionPlugins(/\.(js|css|html|svg)$/),
    ],
    devtool: sourceMaps ? 'hidden-source-map' : false,
    performance: { hints: false },
  }));
  return new Promise((resolve, reject) => {
    webpack(configs, (error, stats) => {
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString({ all: false, errors: true })));
      else resolve();
    });
  });
}

/** Where a reference page opens on a checkout's server (the react-admin list on its products route). */
export const REFERENCE_URLS: Record<ReferencePage, string> = {
  'react-admin': `${benchPath('react-admin')}index.html#/products`,
  datagrid: `${benchPath('datagrid')}index.html`,
  'datagrid-floor': `${benchPath('datagrid-floor')}index.html`,
};

/**
 * Builds the reference pages once (`sourceMaps`: with their maps) and copies them under each of
 * `dists` as `__bench/`, where a checkout's server sends them; answers the function that removes them.
 */
export async function placeReferences(dists: readonly string[], sourceMaps = false): Promise<() => void> {
  const built = path.join(tmpdir(), `admin-bench-reference-build-${process.pid}`);
  process.stderr.write('building the reference pages ...\n');
  await buildReferences(referencePackages(), built, sourceMaps);
  for (const dist of dists) cpSync(built, path.join(dist, '__bench'), { recursive: true });
  rmSync(built, { recursive: true, force: true });
  return () => {
    for (const dist of dists) rmSync(path.join(dist, '__bench'), { recursive: true, force: true });
  };
}
