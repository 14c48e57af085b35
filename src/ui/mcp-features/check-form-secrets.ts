// Pure: what in a server's elicitation form touches the person's secrets — fields that ask for one, and values
// that are one of the person's own API keys. A server's form is not Loupe asking; this is what says so.
import type { ElicitationSchema, ElicitationValue } from '../../protocol/mcp-feature-messages';
import type { KeyedProvider, ProviderCredentials } from '../../store/settings';

const providerNames: Record<KeyedProvider, string> = {
  anthropic: 'Anthropic',
  'openai-compatible': 'OpenAI-compatible',
};

/** Shorter "keys" are left out: an empty or toy key would match ordinary words. */
const minKeyLength = 8;

const secretWords =
  /pass(word|phrase|code)|secret|api[\s_-]?key|token|credential|private[\s_-]?key|\bpin\b|\bcvv\b|\bssn\b/i;

/** The titles of fields whose name, title or description asks for something secret. */
export function findSecretFields(schema: ElicitationSchema): string[] {
  return Object.entries(schema.properties)
    .filter(([key, field]) =>
      secretWords.test(`${key} ${field.title ?? ''} ${field.description ?? ''} ${field.format ?? ''}`),
    )
    .map(([key, field]) => field.title ?? key);
}

/** The providers (by name) whose key is in any of the form's values: such an answer must not be sent. */
export function findOwnKeys(
  values: Record<string, ElicitationValue>,
  credentials: Readonly<Record<KeyedProvider, ProviderCredentials>>,
): string[] {
  const texts = Object.values(values).flatMap((value) =>
    typeof value === 'string' ? [value] : Array.isArray(value) ? value : [],
  );
  return (Object.keys(providerNames) as KeyedProvider[])
    .filter((provider) => {
      const key = credentials[provider].apiKey.trim();
      return key.length >= minKeyLength && texts.some((text) => text.includes(key));
    })
    .map((provider) => providerNames[provider]);
}
