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
const tsJest: Config['transform'] = {
  '^.+\\.tsx?$': ['ts-jest', { tsconfig: { module: 'commonjs', jsx: 'react-jsx', isolatedModules: true } }],
};

const api = (displayName: string, setupFiles: string[], ignore: string[] = []): Config => ({
  displayName,
  testEnvironment: 'node',
  transform: tsJest,
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
