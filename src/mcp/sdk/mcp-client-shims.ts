// What the MCP client takes from its `_shims` entry in a browser, given in the worker build by vite.config.ts in
// place of the SDK's own (which bundles a second, older copy of @cfworker/json-schema next to the one the worker
// already has). Same contract as the SDK's browser shims: CORS can make `fetch` throw, and the default validator
// is the eval-free @cfworker/json-schema one.
export { CfWorkerSchemaValidator as DefaultJsonSchemaValidator } from './schema-validator';

/** In a browser (the engine worker included) a `TypeError` from `fetch` may be a CORS refusal. */
export const CORS_IS_POSSIBLE = true;
