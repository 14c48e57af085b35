// Turns off zod's compiled fast path before anything parses: its feature probe (`new Function`) is caught, but
// under the app's CSP (no 'unsafe-eval') it still files a violation report. Imported first by
// mcp-runtime.ts, the chunk that brings zod into the worker.
import { config } from 'zod';

config({ jitless: true });
