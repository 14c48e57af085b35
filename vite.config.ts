import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import packageJson from './package.json' with { type: 'json' };
import { securityHeadersPlugin } from './server/vite-security-headers-plugin.ts';
import { corsHelperPlugin } from './server/vite-cors-helper-plugin.ts';
import { clientMetadataPlugin } from './server/vite-client-metadata-plugin.ts';
import { sdkStandInsPlugin } from './server/vite-sdk-stand-ins-plugin.ts';

export default defineConfig({
  // The CSP (server/content-security-policy.ts) as a header in dev and preview and a <meta> in the build;
  // the CORS helper, started when the person asks for it.
  plugins: [react(), tailwindcss(), securityHeadersPlugin(), corsHelperPlugin(), clientMetadataPlugin()],
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(packageJson.version) },
  // The worker bundle has its own plugin list: the SDK stand-ins belong there (the engine worker imports the SDKs),
  // with the worker's own (zod's JSON Schema converter, the MCP client's eventsource: the page's copies stay whole).
  worker: {
    format: 'es',
    plugins: () => [sdkStandInsPlugin({ worker: true })],
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'mcp-sdk',
              test: /node_modules[\\/](@modelcontextprotocol[\\/](client|core)|zod|eventsource-parser|pkce-challenge)[\\/]|src[\\/](mcp[\\/]sdk[\\/]|worker[\\/]zod-jitless)/,
            },
            {
              name: 'anthropic',
              test: /node_modules[\\/]@anthropic-ai[\\/]sdk[\\/]|src[\\/]providers[\\/]anthropic[\\/]/,
            },
          ],
        },
      },
    },
  },
  // Smaller engine worker (issue 16). The MCP client's browser shims bundle their own older copy of
  // @cfworker/json-schema; ours give it the validator on the copy the worker already carries (~6 KB gzip less).
  resolve: {
    alias: [
      {
        find: /^@modelcontextprotocol\/client\/_shims$/,
        replacement: fileURLToPath(new URL('./src/mcp/sdk/mcp-client-shims.ts', import.meta.url)),
      },
      // The Anthropic SDK's tracing API, with nothing registered to trace to in the worker: its no-op behaviour
      // without the registry, diagnostics and propagation machinery (src/providers/anthropic/opentelemetry-off.ts).
      {
        find: /^@opentelemetry\/api$/,
        replacement: fileURLToPath(new URL('./src/providers/anthropic/opentelemetry-off.ts', import.meta.url)),
      },
    ],
  },
  // The e2e dev server keeps its own dependency cache, so it never races a developer's `npm start`.
  ...(process.env.LOUPE_VITE_CACHE_DIR === undefined ? {} : { cacheDir: process.env.LOUPE_VITE_CACHE_DIR }),
  // Monaco's lazy chunk is ~4 MB by itself (loaded on first use of an editor); the warning would only repeat that.
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 4500 },
  // Loupe is only ever loaded from its own origin: no other page (not even one on localhost) may read its
  // modules — the CORS helper's endpoint included.
  server: { port: 5173, strictPort: false, cors: false },
  // Pre-bundle at start what the dev server would otherwise discover on first use and answer with "optimized
  // dependencies changed. reloading" (losing a newcomer's first run): the engine worker's SDKs (a worker is
  // no entry Vite scans by itself), Monaco and the MCP Apps host bridge (imported lazily).
  optimizeDeps: {
    entries: [
      'index.html',
      'src/worker/worker-entry.ts',
      'src/ui/json-editor/monaco-json-editor.tsx',
      'src/ui/mcp-apps/mcp-app-frame.tsx',
    ],
    // QuickJS is imported only by the local-tool sandbox worker, which starts on the first run of a JavaScript
    // tool; pre-bundled at start, the dev server does not reload the page then to optimise it.
    include: ['quickjs-emscripten-core', '@jitl/quickjs-wasmfile-release-sync'],
    // The dev server's pre-bundled SDK gets the same stand-ins as the worker build.
    rolldownOptions: { plugins: [sdkStandInsPlugin()] },
  },
  preview: { port: 4173, cors: false },
});
