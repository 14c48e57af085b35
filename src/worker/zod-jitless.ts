// Turns off zod's compiled fast path before anything parses: its feature probe (`new Function`) is caught, but
// under the app's CSP (no 'unsafe-eval') it still files a violation report. Imported first by the worker entry.
import { config } from 'zod';

config({ jitless: true });
