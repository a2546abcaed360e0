// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Raw react-redux hooks: components use store/hooks.ts (typed) instead. */
const rawReduxHooks = {
  name: 'react-redux',
  importNames: ['useSelector', 'useDispatch'],
  message: 'Use useAppSelector / useAppDispatch from store/hooks.ts.',
};

/** The API's code: the client, the store and the machines reach it over HTTP only. */
const noServer = {
  regex: '(^|/)server(/|$)',
  message: 'The client (src/ outside src/shared), store/ and machines/ import nothing of server/.',
};

/** React itself: the store binds to it only through react-redux and RTK Query's hooks. */
const noReact = {
  regex: '^react(-dom)?(/|$)',
  message: "store/ imports no React (react-redux and RTK Query's React entry are its binding).",
};

/** The app's UI: the store and the machines hold data, phases and time, never a screen or a component. */
const noAppUi = {
  regex: '(^|/)src/(components|screens|resources|app)(/|$)|^@mui/',
  message: 'store/ and machines/ import no UI (src/components, src/screens, src/resources, src/app, MUI).',
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'build/**',
      'node_modules/**',
      'data/**',
      'coverage/**',
      'e2e/artifacts/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs['recommended-latest'].rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      'no-console': 'error',
      'no-restricted-imports': ['error', { paths: [rawReduxHooks] }],
    },
  },
  {
    // Shared by the SPA and the server: plain TypeScript importing only Yup, TypeBox, dayjs, the
    // common-password list (passwordPolicy.ts) and itself (no React, MUI or Node, which one of the
    // halves lacks).
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [rawReduxHooks],
          patterns: [
            {
              regex: '^(?!(yup|dayjs|@sinclair/typebox|@zxcvbn-ts/language-common)(/|$)|\\.{1,2}/)',
              message:
                'src/shared imports only yup, @sinclair/typebox, dayjs, the password list and other shared files.',
            },
            {
              group: [
                '**/store',
                '**/store/**',
                '**/server/**',
                '**/machines/**',
                '**/components/**',
                '**/screens/**',
                '**/app/**',
                '**/auth/**',
                '**/hooks/**',
              ],
              message: 'src/shared imports only yup, @sinclair/typebox, dayjs and other shared files.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server takes from the SPA's folder only what both halves share.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [rawReduxHooks],
          patterns: [
            {
              // The SPA's src/ (not examples/website/src, which the drift test reads).
              regex: '^(\\.\\./)*src/(?!shared(/|$))',
              message: 'server/ imports nothing of src/ but src/shared.',
            },
            {
              regex: '(^|/)(store|machines|e2e)(/|$)',
              message: 'server/ imports no store, machine or browser test.',
            },
          ],
        },
      ],
    },
  },
  {
    // The client talks to the server over HTTP; what both halves need is in src/shared.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/shared/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [rawReduxHooks], patterns: [noServer] }],
    },
  },
  {
    // Building blocks never know a resource or a screen (a resource's module uses them, not the reverse).
    files: ['src/components/**/*.{ts,tsx}'],
    ignores: ['src/components/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [rawReduxHooks],
          patterns: [
            noServer,
            {
              regex: '^(\\.\\./)+(resources|screens|app)/',
              message: 'src/components imports no resource or screen (src/resources, src/screens, src/app).',
            },
            {
              regex: '(^|/)shared/resources/(?!(resource|fields|filters|wire|publishing|seo|bulkEdit)$)',
              message: 'src/components imports no resource contract, only the generic contract modules.',
            },
            {
              regex:
                '(^|/)store/(?!(api|resourceApi|historyApi|bulkEditApi|accountApi|hooks|errorDisplay|runtimeEnv|toastSlice|breadcrumbsSlice|session|index)$)',
              message: 'src/components imports no resource slice of the store.',
            },
          ],
        },
      ],
    },
  },
  {
    // The store holds data; machines hold phases and time. The app wires them; the store never imports one.
    files: ['store/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [rawReduxHooks],
          patterns: [
            {
              group: ['**/machines', '**/machines/**'],
              message: 'store/ imports no machine.',
            },
            noServer,
            noAppUi,
            noReact,
          ],
        },
      ],
    },
  },
  {
    // Machines model phases and time; the app supplies effects. No UI or store instance here.
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [rawReduxHooks],
          patterns: [
            {
              group: [
                'react',
                'react/*',
                'react-dom',
                'react-dom/*',
                '@mui/*',
                'react-redux',
                'react-redux/*',
                '@xstate/react',
              ],
              message: 'Machines import no React, MUI or react-redux.',
            },
            {
              group: ['**/store', '**/store/**'],
              message: 'Machines import no store; the app provides effects.',
            },
            noServer,
            noAppUi,
          ],
        },
      ],
    },
  },
  {
    // The one place allowed to wrap them (it still imports no machine, server code or UI).
    files: ['store/hooks.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServer, noAppUi, noReact] }] },
  },
  {
    files: ['scripts/**', 'e2e/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'test/**'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The machinery every resource and screen runs through: a function fits on a screen (one route or
    // one concern per function). Tests (a describe block is a list of cases) are not held to it.
    files: [
      'server/*.ts',
      'server/crud/**/*.ts',
      'server/lib/**/*.ts',
      'server/security/**/*.ts',
      'server/jobs/**/*.ts',
      'server/routes/**/*.ts',
      'server/repositories/**/*.ts',
      'server/oauth/**/*.ts',
      'machines/**/*.ts',
      'store/**/*.ts',
      'src/app/**/*.{ts,tsx}',
      'src/hooks/**/*.{ts,tsx}',
      'src/components/resource/**/*.{ts,tsx}',
    ],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
);
