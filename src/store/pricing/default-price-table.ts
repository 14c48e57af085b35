// Built-in prices in US dollars per million tokens, from the providers' public price pages (checked
// 2026-11-29; Anthropic cache writes are the 5-minute rate). The person can edit any entry in Settings.
import type { ModelPrice } from '../../engine/model/model-capabilities';

// Web search is $10 per 1,000 searches on every Claude model.
const claude = (input: number, output: number, cacheWrite: number, cacheRead: number): ModelPrice => ({
  input,
  output,
  cacheWrite,
  cacheRead,
  webSearch: 10,
});
const openai = (input: number, output: number, cacheRead: number): ModelPrice => ({ input, output, cacheRead });

/** Model id (or id prefix, see `findModelPrice`) → price. */
export const defaultPriceTable: Readonly<Record<string, ModelPrice>> = {
  'claude-opus-5-5': claude(4, 20, 5, 0.2),
  'claude-sonnet-5-5': claude(2, 10, 2.5, 0.1),
  // Haiku 5.5's lower tier (prompts up to 100k tokens); longer prompts cost five times as much.
  'claude-haiku-5-5': claude(0.1, 0.5, 0.125, 0.01),
  'claude-opus-5': claude(5, 25, 6.25, 0.5),
  'claude-sonnet-5': claude(2, 10, 2.5, 0.2),
  'claude-opus-4-8': claude(5, 25, 6.25, 0.5),
  'claude-opus-4-7': claude(5, 25, 6.25, 0.5),
  'claude-opus-4-6': claude(5, 25, 6.25, 0.5),
  'claude-opus-4-5': claude(5, 25, 6.25, 0.5),
  'claude-opus-4-1': claude(15, 75, 18.75, 1.5),
  'claude-sonnet-4-6': claude(3, 15, 3.75, 0.3),
  'claude-sonnet-4-5': claude(3, 15, 3.75, 0.3),
  'claude-sonnet-4': claude(3, 15, 3.75, 0.3),
  'claude-haiku-4-5': claude(1, 5, 1.25, 0.1),
  'gpt-5': openai(1.25, 10, 0.125),
  'gpt-5-mini': openai(0.25, 2, 0.025),
  'gpt-5-nano': openai(0.05, 0.4, 0.005),
  'gpt-4.1': openai(2, 8, 0.5),
  'gpt-4.1-mini': openai(0.4, 1.6, 0.1),
  'gpt-4.1-nano': openai(0.1, 0.4, 0.025),
  'gpt-4o': openai(2.5, 10, 1.25),
  'gpt-4o-mini': openai(0.15, 0.6, 0.075),
  o3: openai(2, 8, 0.5),
  'o4-mini': openai(1.1, 4.4, 0.275),
};
