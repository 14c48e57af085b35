// The Anthropic SDK's credential chain and token cache (`lib/credentials/credential-chain.mjs`, `token-cache.mjs`):
// config files, profiles, OIDC federation and OAuth refresh. Loupe always passes the key explicitly
// (`createAnthropicClient`), so the SDK never resolves credentials; the worker build uses this file in their place
// (server/vite-sdk-stand-ins-plugin.ts; about 4 KB gzip less) and any call is a plain error. Tests run the real modules.

function unavailable(): never {
  throw new Error('Loupe passes the API key explicitly: SDK credential files, profiles and OAuth are not available.');
}

export function defaultCredentials(): Promise<never> {
  return Promise.reject(new Error('Loupe passes the API key explicitly: SDK credential files are not available.'));
}

export function resolveCredentialsFromConfig(): never {
  return unavailable();
}

export class TokenCache {
  constructor() {
    unavailable();
  }
}
