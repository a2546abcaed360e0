/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

const config: Config = {
  rootDir: '..',
  displayName: 'e2e',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/e2e/**/*.e2e.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: { module: 'commonjs', isolatedModules: true } }],
  },
  testTimeout: 60000,
};

export default config;
