// Lint: type-aware rules from STYLE.md plus the layer boundaries of DESIGN.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readFileSync } from 'node:fs';

/** Relative imports into another layer's folder (package subpaths such as `sdk/client/…` are not meant). */
const layer = (name) => [`./**/${name}/**`, `../**/${name}/**`, `../${name}/**`];

/** Which layer may import which: the one source the boundary test and docs/ARCHITECTURE.md's table read too. */
const { layers: layerRules } = JSON.parse(readFileSync(new URL('./layer-rules.json', import.meta.url), 'utf8'));

/** Bans on imports of other layers: those a layer may not import, and those it may import as types only. */
function layerBans(name) {
  const { runtime, typeOnly, because } = layerRules[name];
  const others = Object.keys(layerRules).filter((other) => other !== name);
  const banned = others.filter((other) => !runtime.includes(other) && !typeOnly.includes(other));
  return [
    ...(banned.length > 0 ? [{ group: banned.flatMap(layer), message: because }] : []),
    ...(typeOnly.length > 0
      ? [
          {
            group: typeOnly.flatMap(layer),
            message: `${because} Import it as a type only (import type).`,
            allowTypeImports: true,
          },
        ]
      : []),
  ];
}

const sdks = ['@anthropic-ai/*', '@modelcontextprotocol/*', 'openai'];
const nodeModules = ['node:*', 'fs', 'path', 'http'];
const uiLibraries = ['react', 'react-dom', 'react/*', 'zustand', 'zustand/*'];

/** Package bans per layer; each message says what to use instead. */
const packageBans = {
  shared: [{ group: [...uiLibraries, ...sdks, ...nodeModules], message: 'shared/ is pure data both sides use.' }],
  engine: [
    { group: uiLibraries, message: 'engine/ is pure: no UI libraries.' },
    { group: sdks, message: 'engine/ is pure: vendor SDKs belong in providers/ or mcp/.' },
    { group: nodeModules, message: 'engine/ runs in the worker too: no Node modules.' },
  ],
  providers: [{ group: ['@modelcontextprotocol/*'], message: 'Only mcp/ imports the MCP SDK.' }],
  mcp: [{ group: ['@anthropic-ai/*', 'openai'], message: 'Only providers/ import model SDKs.' }],
  protocol: [
    {
      group: ['react', 'zustand', '@anthropic-ai/*', '@modelcontextprotocol/*'],
      message: 'protocol/ is types and guards only.',
    },
  ],
  worker: [{ group: ['react', 'react-dom'], message: 'The worker never imports main-thread code.' }],
  suite: [
    { group: ['react', 'react-dom', 'zustand', ...sdks], message: 'suite/ is pure checks of transcripts.' },
    { group: nodeModules, message: 'suite/ runs in the browser too: no Node modules.' },
  ],
  headless: [{ group: ['react', 'react-dom'], message: 'The headless runner never imports main-thread code.' }],
  // The MCP Apps host bridge runs on the main thread by design (it talks to the app's frame).
  mainThread: [
    {
      group: ['@anthropic-ai/*', '@modelcontextprotocol/*', '!@modelcontextprotocol/ext-apps', 'openai'],
      message: 'SDKs live in the worker; talk to it through client/.',
    },
  ],
};

const restrict = (patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] });

/** One layer's import rules: its package bans and the layer bans of layer-rules.json (source files, not tests). */
const layerConfig = (name, files, packages, extra = {}) => ({
  files,
  ignores: ['**/*.test.ts', '**/*.test.tsx'],
  rules: { ...restrict([...packages, ...layerBans(name)]), ...extra },
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
  layerConfig('shared', ['src/shared/**/*.ts'], packageBans.shared),
  layerConfig('engine', ['src/engine/**/*.ts'], packageBans.engine, {
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
  }),
  layerConfig('providers', ['src/providers/**/*.ts'], packageBans.providers),
  layerConfig('mcp', ['src/mcp/**/*.ts'], packageBans.mcp),
  layerConfig('protocol', ['src/protocol/**/*.ts'], packageBans.protocol),
  layerConfig('worker', ['src/worker/**/*.ts'], packageBans.worker),
  layerConfig('suite', ['src/suite/**/*.ts'], packageBans.suite, {
    'no-restricted-globals': [
      'error',
      { name: 'fetch', message: 'suite/ does no I/O: runs come through TestRunDriver.' },
      { name: 'setTimeout', message: 'suite/ has no timers of its own.' },
    ],
  }),
  layerConfig('headless', ['src/headless/**/*.ts'], packageBans.headless),
  layerConfig('client', ['src/client/**/*.ts'], packageBans.mainThread),
  layerConfig('store', ['src/store/**/*.ts'], packageBans.mainThread),
  layerConfig('ui', ['src/ui/**/*.{ts,tsx}'], packageBans.mainThread),
  {
    ...layerConfig('app', ['src/app/**/*.{ts,tsx}'], packageBans.mainThread),
    ignores: ['**/*.test.ts', 'src/app/main.tsx'],
  },
  {
    files: ['src/ui/**/*.tsx', 'src/app/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
