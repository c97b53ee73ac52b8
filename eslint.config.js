// Lint rules that keep the code's shape: no import cycles, no reaching into another
// package's files (each package has one public face, its index), plus typescript-eslint's checks
// that catch real mistakes. Formatting is Prettier's job, not ESLint's.
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The sanctioned second faces: test fixtures, the sandbox sites and the Temporal adapter (heavy, loaded only where used).
const PACKAGE_FACES = {
  group: [
    '@fp/*/*',
    '!@fp/contracts/testing',
    '!@fp/workflows/testing',
    '!@fp/workflows/sandbox',
    '!@fp/workflows/temporal',
  ],
  message: "Import another package through its public face ('@fp/<name>'), not its files.",
};

// A screen feature's face is its index.ts; its files (and its lazily loaded pages) are its own.
const featureFace = (regex) => ({
  regex,
  message:
    "Import another feature through its index ('../<feature>'), not its files; export what you need from its index.ts (never a page its routes.ts loads lazily).",
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.turbo/**', 'frontend/public/**', '**/*.d.ts'] },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaVersion: 'latest', sourceType: 'module' } },
    plugins: { '@typescript-eslint': tseslint.plugin, 'import-x': importX },
    settings: {
      // Without this the plugin cannot read TypeScript dependencies and silently finds no cycle.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:'] }],
      'no-restricted-imports': ['error', { patterns: [PACKAGE_FACES] }],
    },
  },
  // Features import each other only through their index (a file in features/<f>/, one in a subfolder, the app shell).
  {
    files: ['frontend/src/features/*/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [PACKAGE_FACES, featureFace('^\\.\\./[^./][^/]*/')] }] },
  },
  {
    files: ['frontend/src/features/*/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [PACKAGE_FACES, featureFace('^\\.\\./\\.\\./[^./][^/]*/')] }],
    },
  },
  {
    files: ['frontend/src/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [PACKAGE_FACES, featureFace('^\\.\\./features/[^/]+/')] }],
    },
  },
  {
    // The rules of hooks: a hook called conditionally breaks React's state at run time.
    files: ['frontend/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Route paths come from API_ROUTES (contracts): a renamed route then fails to compile instead of silently 404ing.
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['frontend/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/api\\//]',
          message: 'Use API_ROUTES / apiPath() from @fp/contracts for API paths.',
        },
        {
          selector: 'TemplateElement[value.raw=/^\\/api\\//]',
          message: 'Use API_ROUTES / apiPath() from @fp/contracts for API paths.',
        },
      ],
    },
  },
);
