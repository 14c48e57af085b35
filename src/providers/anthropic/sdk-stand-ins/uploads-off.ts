// The Anthropic SDK's `core/uploads.mjs` (`toFile`, which turns bytes or a stream into a File for the upload
// endpoints, and which the client class only hangs on itself as `Anthropic.toFile`): Loupe's client sends JSON
// only (`AnthropicClient`), so the worker build uses this file in its place (server/vite-sdk-stand-ins-plugin.ts;
// about 0.6 KB gzip less) and a call is a plain error. Tests run the real module.

export function toFile(): Promise<never> {
  return Promise.reject(new Error("Loupe's Anthropic client sends no files: the SDK's toFile is not in the worker."));
}
