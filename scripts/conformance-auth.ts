// OAuth sign-in for the conformance client: Loupe's own provider and token exchange (src/mcp), with the person's
// visit to the authorization page played by a fetch that reads the redirect back (the suite's server approves
// at once). Bounded: a server that keeps asking for more is refused after a few sign-ins.
import { completeOAuthSignIn } from '../src/mcp/oauth/complete-oauth-sign-in';
import { createOAuthProvider, type LoupeOAuthProvider } from '../src/mcp/oauth/create-oauth-provider';

/** What the suite's auth scenarios hand the client (MCP_CONFORMANCE_CONTEXT). */
interface AuthContext {
  client_id?: string;
  client_secret?: string;
}

/** The Client ID Metadata Document URL the suite expects a CIMD-capable client to present. */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';
const MAX_SIGN_INS = 3;

/** One server's sign-in: the provider to hand `connectMcpServer`, and `signIn` to run when it asks. */
export interface ConformanceSignIn {
  provider: LoupeOAuthProvider;
  /** True when an authorization URL is waiting (the last request needed a sign-in). */
  pending(): boolean;
  /** Visits the waiting authorization URL and trades the code (checking `state` and `iss`). */
  signIn(): Promise<void>;
}

export function createConformanceSignIn(serverUrl: string, context: AuthContext): ConformanceSignIn {
  let authorizeUrl: string | undefined;
  let signIns = 0;
  const provider = createOAuthProvider({
    serverId: 'conformance',
    appOrigin: 'http://localhost:3000',
    onAuthorize: (url) => {
      authorizeUrl = url;
    },
    onTokens: () => {},
    clientMetadataUrl: CLIENT_METADATA_URL,
    ...(context.client_id === undefined
      ? {}
      : {
          preRegistered: {
            clientId: context.client_id,
            ...(context.client_secret === undefined ? {} : { clientSecret: context.client_secret }),
          },
        }),
  });
  return {
    provider,
    pending: () => authorizeUrl !== undefined,
    async signIn() {
      if (authorizeUrl === undefined) throw new Error('No sign-in is waiting.');
      signIns += 1;
      if (signIns > MAX_SIGN_INS) throw new Error(`Gave up after ${MAX_SIGN_INS} sign-ins.`);
      const answer = await fetch(authorizeUrl, { redirect: 'manual' });
      authorizeUrl = undefined;
      const location = answer.headers.get('location');
      if (location === null) throw new Error(`The authorization page answered ${answer.status} without a redirect.`);
      const back = new URL(location);
      const code = back.searchParams.get('code');
      if (code === null) throw new Error(`The authorization server sent no code: ${back.search}`);
      if (!provider.takeState(back.searchParams.get('state') ?? undefined))
        throw new Error('The redirect carried a state this client never sent.');
      await completeOAuthSignIn(provider, serverUrl, code, undefined, back.searchParams.get('iss') ?? undefined);
    },
  };
}
