// zod's JSON Schema output (`toJSONSchema`, `~standard.jsonSchema`, the schemas' `minLength`-style getters) is for
// building schemas to publish; the engine worker only parses messages with zod (the MCP SDK's message schemas and
// a few of Loupe's), so its build puts zod-stand-ins/ in place of zod's converter (server/vite-sdk-stand-ins-plugin.ts,
// about 6 KB gzip less) and any call is a plain error. Tests and the main thread run the real modules.

/** What every stand-in of zod's JSON Schema converter does when called: throws, naming why. */
export function jsonSchemaOff(): never {
  throw new Error("zod's JSON Schema conversion is not in Loupe's engine worker build (it only parses with zod).");
}
