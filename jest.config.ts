/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

// ts-jest compiles each file on its own (isolatedModules); `npm run typecheck` is the type gate.

/**
 * No test may fail because the machine is busy: a screen test that types into a form or an API
 * test that starts the app (PGlite, migrations) can take many times longer under load than when
 * idle, so every project gets a budget far above any healthy run (`testTimeout` is global in Jest,
 * so it is set once, below). A hung test still fails.
 */
const TEST_TIMEOUT_MS = 300_000;

/**
 * Days start at midnight in the company's time zone, whose default is the server's (issue 36): the
 * suite pins the server's to UTC (the workers inherit it), so no test depends on the machine's zone.
 */
process.env.TZ = 'UTC';
const tsJest: Config['transform'] = {
  '^.+\\.tsx?$': ['ts-jest', { tsconfig: { module: 'commonjs', jsx: 'react-jsx', isolatedModules: true } }],
};

/** ESM-only packages the server imports, compiled to CommonJS for Jest (test/esm-to-cjs.cjs). */
const ESM_ONLY = [
  'openid-client',
  'oauth4webapi',
  'jose',
  // openapi-typescript's (examples/website's drift test)
  'parse-json',
  'index-to-position',
  'change-case',
  'supports-color',
];

const api = (displayName: string, setupFiles: string[], ignore: string[] = []): Config => ({
  displayName,
  testEnvironment: 'node',
  transform: {
    ...tsJest,
    [`/node_modules/(${ESM_ONLY.join('|')})/.+\\.js$`]: '<rootDir>/test/esm-to-cjs.cjs',
  },
  // Any node_modules file is left as it is unless it is one of those (nested ones too).
  transformIgnorePatterns: [`^(?!.*/node_modules/(${ESM_ONLY.join('|')})/).*/node_modules/`],
  testMatch: ['<rootDir>/server/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', ...ignore],
  setupFiles,
});

const projects: Config[] = [
  {
    displayName: 'unit',
    testEnvironment: 'jsdom',
    transform: tsJest,
    testMatch: ['<rootDir>/{src,store,machines}/**/*.test.{ts,tsx}'],
    setupFilesAfterEnv: ['<rootDir>/test/setup-dom.ts'],
    moduleNameMapper: { '\\.(css)$': '<rootDir>/test/style-stub.ts' },
  },
  // *.postgres.test.ts: what only a real PostgreSQL server has (connections, a pool).
  api('api:pglite', ['<rootDir>/test/db-pglite.ts'], ['\\.postgres\\.test\\.ts$']),
];

// The same API suite runs again on a real PostgreSQL when one is given.
if (process.env.TEST_DATABASE_URL) projects.push(api('api:postgres', ['<rootDir>/test/db-postgres.ts']));

const config: Config = { projects, testTimeout: TEST_TIMEOUT_MS };
export default config;
