// Pure: the words the server item uses for the OAuth client registration a sign-in used.
import type { OAuthClientRegistration } from '../../protocol/oauth-messages';

/** Characters of a client id shown; a server may issue any string, and the item stays one readable line. */
const maxShownChars = 120;

const kindWords: Record<OAuthClientRegistration['kind'], string> = {
  'metadata-document': 'metadata document',
  'pre-registered': 'pre-registered client id',
  dynamic: 'dynamic registration',
};

/** E.g. "client: metadata document (https://loupe.example/oauth/client-metadata.json)". */
export function describeOAuthClient(client: OAuthClientRegistration): string {
  const id = [...client.clientId];
  const shown = id.length > maxShownChars ? `${id.slice(0, maxShownChars - 1).join('')}…` : client.clientId;
  return `client: ${kindWords[client.kind]} (${shown})`;
}
