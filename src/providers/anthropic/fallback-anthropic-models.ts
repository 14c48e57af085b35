// Models offered when the models endpoint cannot be asked: current ids from the SDK's own `Model` union.
import type Anthropic from '@anthropic-ai/sdk';

export interface AnthropicModelInfo {
  id: string;
  displayName: string;
}

const ids: Anthropic.Model[] = [
  'claude-sonnet-5-5',
  'claude-opus-5-5',
  'claude-haiku-5-5',
  'claude-opus-4-8',
  'claude-sonnet-4-6',
  'claude-opus-4-6',
  'claude-sonnet-4-5',
  'claude-haiku-4-5',
];

function displayNameOf(id: string): string {
  const [, family = id, major = '', minor] = /^claude-([a-z]+)-(\d+)(?:-(\d+))?$/.exec(id) ?? [];
  const version = minor ? `${major}.${minor}` : major;
  return `Claude ${family.charAt(0).toUpperCase()}${family.slice(1)} ${version}`.trim();
}

/** The fallback list, newest first. */
export const fallbackAnthropicModels: readonly AnthropicModelInfo[] = ids.map((id) => ({
  id,
  displayName: displayNameOf(id),
}));
