// Lint: type-aware rules from STYLE.md plus the layer boundaries of DESIGN.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Relative imports into another layer's folder (package subpaths such as `sdk/client/…` are not meant). */
const layer = (name) => [`./**/${name}/**`, `../**/${name}/**`, `../${name}/**`];

/** Import bans per layer; each message says what to use instead. */
const layerBans = {
  engine: [
    { group: ['react', 'react-dom', 'react/*', 'zustand', 'zustand/*'], message: 'engine/ is pure: no UI libraries.' },
    {
      group: ['@anthropic-ai/*', '@modelcontextprotocol/*', 'openai'],
      message: 'engine/ is pure: vendor SDKs belong in providers/ or mcp/.',
    },
    {
      group: [
        ...layer('providers'),
        ...layer('mcp'),
        ...layer('worker'),
        ...layer('ui'),
        ...layer('store'),
        ...layer('client'),
        ...layer('app'),
      ],
      message: 'engine/ imports nothing above it; take what you need as an injected interface.',
    },
    { group: ['node:*', 'fs', 'path', 'http'], message: 'engine/ runs in the worker too: no Node modules.' },
  ],
  providers: [
    { group: ['@modelcontextprotocol/*'], message: 'Only mcp/ imports the MCP SDK.' },
    {
      group: [
        ...layer('mcp'),
        ...layer('worker'),
        ...layer('ui'),
        ...layer('store'),
        ...layer('client'),
        ...layer('app'),
      ],
      message: 'providers/ depend on engine/ only.',
    },
  ],
  mcp: [
    { group: ['@anthropic-ai/*', 'openai'], message: 'Only providers/ import model SDKs.' },
    {
      group: [
        ...layer('providers'),
        ...layer('worker'),
        ...layer('ui'),
        ...layer('store'),
        ...layer('client'),
        ...layer('app'),
      ],
      message: 'mcp/ depends on engine/ only.',
    },
  ],
  protocol: [
    {
      group: [
        ...layer('providers'),
        ...layer('mcp'),
        ...layer('worker'),
        ...layer('ui'),
        ...layer('store'),
        ...layer('client'),
        ...layer('app'),
        'react',
        'zustand',
      ],
      message: 'protocol/ is types and guards only; it may use engine types.',
    },
    { group: ['@anthropic-ai/*', '@modelcontextprotocol/*'], message: 'protocol/ is types and guards only.' },
  ],
  worker: [
    {
      group: ['react', 'react-dom', ...layer('ui'), ...layer('store'), ...layer('client'), ...layer('app')],
      message: 'The worker never imports main-thread code.',
    },
  ],
  suite: [
    {
      group: ['react', 'react-dom', 'zustand', '@anthropic-ai/*', '@modelcontextprotocol/*', 'openai'],
      message: 'suite/ is pure checks of transcripts.',
    },
    {
      group: [
        ...layer('providers'),
        ...layer('mcp'),
        ...layer('worker'),
        ...layer('ui'),
        ...layer('store'),
        ...layer('client'),
        ...layer('app'),
      ],
      message:
        'suite/ takes runs through its TestRunDriver interface; the Tests panel and the headless runner implement it.',
    },
    { group: ['node:*', 'fs', 'path', 'http'], message: 'suite/ runs in the browser too: no Node modules.' },
  ],
  headless: [
    {
      group: ['react', 'react-dom', ...layer('ui'), ...layer('store'), ...layer('client'), ...layer('app')],
      message: 'The headless runner never imports main-thread code.',
    },
  ],
  mainThread: [
    {
      // The MCP Apps host bridge runs on the main thread by design (it talks to the app's frame).
      group: ['@anthropic-ai/*', '@modelcontextprotocol/*', '!@modelcontextprotocol/ext-apps', 'openai'],
      message: 'SDKs live in the worker; talk to it through client/.',
    },
    {
      group: [...layer('providers'), ...layer('mcp')],
      message: 'Main-thread code reaches providers and MCP only through the worker protocol (client/).',
    },
  ],
  ui: [
    {
      group: [...layer('providers'), ...layer('mcp'), ...layer('worker')],
      message: 'ui/ talks to the worker only through the store and client/.',
    },
    {
      group: ['@anthropic-ai/*', '@modelcontextprotocol/*', '!@modelcontextprotocol/ext-apps'],
      message: 'SDKs live in the worker (the MCP Apps host bridge, ext-apps/app-bridge, is the exception).',
    },
  ],
};

const restrict = (patterns, { allowEngineTypes = false } = {}) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      patterns: allowEngineTypes
        ? [
            ...patterns,
            {
              group: [...layer('engine')],
              message: 'Main-thread code may import engine types only (import type).',
              allowTypeImports: true,
            },
          ]
        : patterns,
    },
  ],
});

export default tseslint.config(
  { ignores: ['dist*/**', 'node_modules', 'test-results', 'playwright-report', 'public'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'max-lines': ['warn', { max: 400, skipBlankLines: true, skipComments: true }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: { 'max-lines': ['error', { max: 600, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['src/engine/**/*.ts'],
    ignores: ['src/engine/**/*.test.ts'],
    rules: {
      ...restrict(layerBans.engine),
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'engine/ does no I/O: take it as an injected interface.' },
        { name: 'setTimeout', message: 'engine/ gets timers from RunEnvironment.setTimer.' },
        { name: 'setInterval', message: 'engine/ gets timers from RunEnvironment.setTimer.' },
        { name: 'window', message: 'engine/ has no DOM.' },
        { name: 'document', message: 'engine/ has no DOM.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'engine/ gets the clock from RunEnvironment.now.' },
      ],
      'no-console': 'error',
    },
  },
  { files: ['src/providers/**/*.ts'], ignores: ['**/*.test.ts'], rules: restrict(layerBans.providers) },
  { files: ['src/mcp/**/*.ts'], ignores: ['**/*.test.ts'], rules: restrict(layerBans.mcp) },
  { files: ['src/protocol/**/*.ts'], rules: restrict(layerBans.protocol) },
  { files: ['src/worker/**/*.ts'], rules: restrict(layerBans.worker) },
  {
    files: ['src/suite/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      ...restrict(layerBans.suite),
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'suite/ does no I/O: runs come through TestRunDriver.' },
        { name: 'setTimeout', message: 'suite/ has no timers of its own.' },
      ],
    },
  },
  { files: ['src/headless/**/*.ts'], ignores: ['**/*.test.ts'], rules: restrict(layerBans.headless) },
  {
    files: ['src/client/**/*.ts', 'src/store/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict(layerBans.mainThread, { allowEngineTypes: true }),
  },
  {
    files: ['src/ui/**/*.{ts,tsx}', 'src/app/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', 'src/app/main.tsx'],
    rules: restrict([...layerBans.mainThread, ...layerBans.ui], { allowEngineTypes: true }),
  },
  {
    files: ['src/ui/**/*.tsx', 'src/app/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
