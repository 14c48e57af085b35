import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import packageJson from './package.json' with { type: 'json' };

/**
 * The production Content-Security-Policy: no inline script, no eval (so JSON Schema validation must be
 * CSP-safe). Only the build gets it, because Vite's dev server injects an inline HMR preamble.
 * `connect-src *` because the person chooses the model endpoint and MCP servers at run time.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  'connect-src *',
  "object-src 'none'",
  "base-uri 'none'",
].join('; ');

function contentSecurityPolicyPlugin(): Plugin {
  return {
    name: 'loupe-csp',
    apply: 'build',
    transformIndexHtml: (html) =>
      html.replace(
        '<head>',
        `<head>\n    <meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy}" />`,
      ),
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), contentSecurityPolicyPlugin()],
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(packageJson.version) },
  worker: { format: 'es' },
  // QuickJS is imported only by the local-tool sandbox worker, which starts on the first run of a JavaScript
  // tool; pre-bundled at start, the dev server does not reload the page then to optimise it.
  optimizeDeps: { include: ['quickjs-emscripten-core', '@jitl/quickjs-wasmfile-release-sync'] },
  // Monaco's lazy chunk is ~4 MB by itself (loaded on first use of an editor); the warning would only repeat that.
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 4500 },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173 },
});
