// ESLint: TypeScript and React-hooks rules, and the import boundaries of the layout (see README,
// "Layout"). `npm test` runs it before Vitest.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The parts of src/ and what each is. */
const ELEMENTS = [
  { type: 'app', pattern: 'src/app' },
  { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
  { type: 'components', pattern: 'src/components' },
  { type: 'lib', pattern: 'src/lib' },
  { type: 'config', pattern: 'src/config' },
  { type: 'types', pattern: 'src/types' },
  { type: 'assets', pattern: 'src/assets' },
  { type: 'styles', pattern: 'src/styles' },
  { type: 'testing', pattern: 'src/testing' },
];

/** Shared building blocks anything may use. */
const SHARED = ['components', 'lib', 'config', 'types', 'assets'];

/**
 * The one deliberate chain between features (README): home places feed, feed lays out posts'
 * and beats' slides, beats build on posts' sheets; imports run home → feed → beats → posts and
 * never back. Promotion forms send their files through upload's flow.
 */
const FEATURE_CHAIN = { home: ['feed', 'posts'], feed: ['posts', 'beats'], beats: ['posts'], promotion: ['upload'] };

const to = (types) => ({ to: { element: { types } } });
const toFeature = (feature) => ({ to: { element: { type: 'feature', captured: { feature } } } });

/** Who may import whom. `tests` adds the shared test helpers (src/testing) for test files. */
function policies({ tests }) {
  const plus = tests ? ['testing'] : [];
  return [
    // Packages (react, zod, ...) and Node's own modules are not layers.
    { allow: { to: { module: { origin: ['external', 'core'] } } } },
    { from: { element: { type: 'app' } }, allow: to(['app', 'feature', 'styles', ...SHARED, ...plus]) },
    // A feature uses itself and the shared blocks...
    { from: { element: { type: 'feature' } }, allow: to([...SHARED, ...plus]) },
    { from: { element: { type: 'feature' } }, allow: toFeature('{{ from.element.captured.feature }}') },
    // ...and another feature only along the chain.
    ...Object.entries(FEATURE_CHAIN).map(([from, allowed]) => ({
      from: { element: { type: 'feature', captured: { feature: from } } },
      allow: { to: { element: { type: 'feature', captured: { feature: allowed } } } },
    })),
    // Shared blocks never reach up into features or the app.
    { from: { element: { type: 'components' } }, allow: to(['components', 'lib', 'config', 'types', 'assets', ...plus]) },
    // lib/auth's signed-in guard renders components/ui (a spinner, a button).
    { from: { element: { type: 'lib' } }, allow: to(['lib', 'components', 'config', 'types', 'assets', ...plus]) },
    // The runtime config is checked by plain code (no zod: the landing page reads it).
    { from: { element: { type: 'config' } }, allow: to(['config', 'types', ...plus]) },
    { from: { element: { type: 'types' } }, allow: to(['types']) },
    { from: { element: { type: 'testing' } }, allow: to(['testing', 'lib', 'config', 'types']) },
  ];
}

const TEST_FILES = ['src/**/*.test.{ts,tsx}', 'src/**/testing/**', 'src/testing/**'];

/**
 * A page's path is written once, in src/config/paths.ts: a link (any JSX attribute, a `to` or
 * `href` property), a navigation (navigate(...), <Navigate to>) or a comparison with the current
 * location that spells out a path ("/..." as a string or the start of a template) is an error.
 */
const PATH_LITERAL = '[value=/^\\u002F/]';
const PATH_TEMPLATE = 'TemplateLiteral[quasis.0.value.raw=/^\\u002F/]';
const IN_PATH_PLACES = [
  'JSXAttribute',
  'CallExpression[callee.name="navigate"]',
  'Property[key.name=/^(to|href)$/] >',
  'BinaryExpression[operator=/^[!=]==$/] >',
  'ReturnStatement >',
  'ReturnStatement > ConditionalExpression >',
  'VariableDeclarator > ConditionalExpression >',
  'AssignmentPattern >',
];
const NO_PATH_LITERALS = IN_PATH_PLACES.flatMap((place) => [
  { selector: `${place} Literal${PATH_LITERAL}`, message: 'Take a page\'s path from paths (src/config/paths.ts).' },
  { selector: `${place} ${PATH_TEMPLATE}`, message: 'Build a page\'s path with paths (src/config/paths.ts).' },
]);


export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': ELEMENTS,
      'import/resolver': { './eslint-resolver.cjs': {} },
      // The entry point wires config, lib and app together; it belongs to no layer.
      'boundaries/ignore': ['src/main.tsx'],
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies: policies({ tests: false }) }],
      'boundaries/no-unknown-files': 'error',
      'no-restricted-syntax': ['error', ...NO_PATH_LITERALS],
    },
  },
  {
    // The service worker: a classic script, served as written (public/ is not bundled).
    files: ['public/sw.js'],
    extends: [js.configs.recommended],
    languageOptions: {
      sourceType: 'script',
      globals: Object.fromEntries(['self', 'caches', 'fetch', 'URL', 'setTimeout', 'clearTimeout'].map((name) => [name, 'readonly'])),
    },
  },
  {
    files: [...TEST_FILES, 'src/config/paths.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: TEST_FILES,
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies: policies({ tests: true }) }],
    },
  },
);
