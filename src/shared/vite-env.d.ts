/// <reference types="vite/client" />

// Build-time values Vite substitutes (see vite.config.ts `define` and the start/e2e scripts).
interface ImportMetaEnv {
  /** package.json version, set by vite.config.ts. */
  readonly VITE_APP_VERSION: string;
  /** The demo MCP server added on first load; `npm start` and the e2e build set it. */
  readonly VITE_DEMO_SERVER_URL?: string;
}
