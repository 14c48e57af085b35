// The In-browser provider's stored settings, read back field by field (a bad one falls back on its own). Pure.
import { isRecord } from '../../shared/is-record';
import { defaultSettings, type InBrowserSettings } from '../settings';

/** The most context the field takes: more than any small model's, less than what would exhaust memory at once. */
export const MAX_IN_BROWSER_CONTEXT = 131_072;

export function readInBrowserSettings(stored: unknown): InBrowserSettings {
  const settings: InBrowserSettings = { ...defaultSettings.inBrowser };
  if (!isRecord(stored)) return settings;
  if (typeof stored['constrainToolCalls'] === 'boolean') settings.constrainToolCalls = stored['constrainToolCalls'];
  const context = stored['contextLength'];
  if (typeof context === 'number' && Number.isInteger(context) && context >= 256 && context <= MAX_IN_BROWSER_CONTEXT)
    settings.contextLength = context;
  const temperature = stored['temperature'];
  if (typeof temperature === 'number' && Number.isFinite(temperature) && temperature >= 0 && temperature <= 2)
    settings.temperature = temperature;
  return settings;
}
