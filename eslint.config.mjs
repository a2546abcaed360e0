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

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'e2e/artifacts/**', 'bench/results/**'],
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
    // The one place allowed to wrap them.
    files: ['store/hooks.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Shared by the SPA and the server: plain TypeScript importing only yup, dayjs, the common-password
    // list (passwordPolicy.ts) and itself.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [rawReduxHooks],
          patterns: [
            {
              regex: '^(?!(yup|dayjs|@zxcvbn-ts/language-common)(/|$)|\\.{1,2}/)',
              message: 'src/shared imports only yup, dayjs, the password list and other shared files.',
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
              message: 'src/shared imports only yup, dayjs and other shared files.',
            },
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
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'e2e/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'test/**'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
