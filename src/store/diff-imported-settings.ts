// Pure: how an imported transcript's model settings differ from the person's, and what applying them would change.
import type { TranscriptSettings } from '../engine/transcript/transcript';
import { REDACTED } from '../shared/redact-url';
import { isKeyedProvider, type KeyedProvider, type SelectableProvider, type Settings } from './settings';

/** One setting that differs: the transcript's value, the person's, and whether it can be applied. */
export interface SettingDifference {
  field: 'provider' | 'model' | 'baseUrl';
  theirs: string;
  mine: string;
  /** Why it will not be applied (not a provider Loupe offers, a base URL that is not a plain http(s) URL…). */
  refused?: string;
}

/**
 * Applying the file's base URL would send the key the person typed for `provider` to another host: the offer
 * says so before anything is sent, and "Use these settings" then clears that key unless the person sends it on
 * purpose ("Send my key to <to>").
 */
export interface KeyRedirect {
  provider: KeyedProvider;
  /** The host the key is for now (the person's base URL). */
  from: string;
  /** The host the file's base URL names, which would receive the key. */
  to: string;
}

/** What an import offers: the differences, and the patch "Use these settings" applies (never a key). */
export interface SettingsOffer {
  differences: SettingDifference[];
  patch: Partial<Pick<Settings, 'provider' | 'model' | 'baseUrl'>>;
  /** Set when the patch's base URL is on another origin than the one the person's key is for. */
  keyRedirect?: KeyRedirect;
}

const PROVIDERS: readonly SelectableProvider[] = ['anthropic', 'openai-compatible', 'demo', 'manual'];

/**
 * The differences between `theirs` (a transcript's settings) and `mine`, or null when there are none.
 * Nothing is applied here: the person sees the differences and chooses. A base URL is offered only when
 * it is a plain http(s) URL with nothing redacted in it; it belongs to the transcript's provider.
 */
export function diffImportedSettings(theirs: TranscriptSettings, mine: Settings): SettingsOffer | null {
  const differences: SettingDifference[] = [];
  const patch: SettingsOffer['patch'] = {};
  const provider = PROVIDERS.find((known) => known === theirs.provider);
  if (theirs.provider !== mine.provider) {
    differences.push({
      field: 'provider',
      theirs: theirs.provider,
      mine: mine.provider,
      ...(provider === undefined ? { refused: 'Loupe has no such provider to switch to.' } : {}),
    });
    if (provider !== undefined) patch.provider = provider;
  }
  const target = patch.provider ?? mine.provider;
  if (!isKeyedProvider(target) || provider === undefined) return finish(differences, patch);
  if (theirs.model !== mine.model) {
    differences.push({ field: 'model', theirs: theirs.model, mine: mine.model });
    patch.model = theirs.model;
  }
  const myUrl = target === mine.provider ? mine.baseUrl : mine.credentials[target].baseUrl;
  if (theirs.baseUrl !== undefined && theirs.baseUrl !== myUrl) {
    const refused = checkBaseUrl(theirs.baseUrl);
    differences.push({ field: 'baseUrl', theirs: theirs.baseUrl, mine: myUrl, ...(refused ? { refused } : {}) });
    if (refused === undefined) patch.baseUrl = theirs.baseUrl;
  }
  const myKey = target === mine.provider ? mine.apiKey : mine.credentials[target].apiKey;
  const from = originOf(myUrl);
  const to = patch.baseUrl === undefined ? undefined : originOf(patch.baseUrl);
  const keyRedirect =
    myKey !== '' && to !== undefined && to !== from
      ? { provider: target, from: hostOf(myUrl), to: hostOf(patch.baseUrl!) }
      : undefined;
  return finish(differences, patch, keyRedirect);
}

function finish(
  differences: SettingDifference[],
  patch: SettingsOffer['patch'],
  keyRedirect?: KeyRedirect,
): SettingsOffer | null {
  if (differences.length === 0) return null;
  return keyRedirect === undefined ? { differences, patch } : { differences, patch, keyRedirect };
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** `host[:port]`, as the person would recognise it in the offer. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function checkBaseUrl(url: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- a URL parser drops these silently; refuse them instead.
  if (/[\s\u0000-\u001f\u007f]/.test(url)) return 'It contains spaces or control characters.';
  if (url.includes(REDACTED)) return 'Its secrets were redacted in the file.';
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'It is not an http(s) URL.';
  } catch {
    return 'It is not a valid URL.';
  }
  return undefined;
}
