// Stored Server tools settings, each field checked on its own (storage is edited by hand and by older versions).
import {
  defaultApiToolSettings,
  MAX_MEMORY_NAME,
  type ApiToolSettings,
  type ContextManagementSettings,
  type DomainToolSettings,
  type SearchLocation,
} from './api-tool-settings';
import { isRecord } from './is-record';

/** Most domains kept per list, and longest domain: a domain name is at most 253 characters. */
const MAX_DOMAINS = 100;
const MAX_DOMAIN_LENGTH = 253;

function readDomains(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((entry): entry is string => typeof entry === 'string' && entry.length <= MAX_DOMAIN_LENGTH)
    .slice(0, MAX_DOMAINS);
}

function readEnabled(value: unknown): boolean {
  return isRecord(value) && value['enabled'] === true;
}

function readDomainTool(value: unknown): DomainToolSettings {
  const record = isRecord(value) ? value : {};
  const uses = record['maxUses'];
  return {
    enabled: readEnabled(value),
    ...(typeof uses === 'number' && Number.isInteger(uses) && uses >= 1 && uses <= 1000 ? { maxUses: uses } : {}),
    allowedDomains: readDomains(record['allowedDomains']),
    blockedDomains: readDomains(record['blockedDomains']),
  };
}

function readLocation(value: unknown): SearchLocation | undefined {
  if (!isRecord(value)) return undefined;
  const fields = Object.fromEntries(
    (['city', 'region', 'country', 'timezone'] as const).flatMap((key) => {
      const text = value[key];
      return typeof text === 'string' && text.length <= 100 ? [[key, text]] : [];
    }),
  );
  return Object.keys(fields).length === 0 ? undefined : fields;
}

function readMemoryName(value: unknown): { name?: string } {
  const name = isRecord(value) ? value['name'] : undefined;
  return typeof name === 'string' && name.length <= MAX_MEMORY_NAME ? { name } : {};
}

/** A whole number in [min, max], or nothing (the API's default). */
function readCount(value: unknown, min: number, max: number): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : undefined;
}

const MAX_TOKENS_SETTING = 10_000_000;

function readContextManagement(value: unknown): ContextManagementSettings {
  const record = isRecord(value) ? value : {};
  const tools = isRecord(record['clearToolUses']) ? record['clearToolUses'] : {};
  const thinking = isRecord(record['clearThinking']) ? record['clearThinking'] : {};
  const compact = isRecord(record['compact']) ? record['compact'] : {};
  // `{ key: value }` when the value was read, else nothing (absent settings stay absent).
  const whenRead = <T>(key: string, read: T | undefined) => (read === undefined ? {} : { [key]: read });
  return {
    clearToolUses: {
      enabled: tools['enabled'] === true,
      ...whenRead('triggerInputTokens', readCount(tools['triggerInputTokens'], 1, MAX_TOKENS_SETTING)),
      ...whenRead('keepToolUses', readCount(tools['keepToolUses'], 0, 10_000)),
      ...whenRead('clearAtLeastTokens', readCount(tools['clearAtLeastTokens'], 1, MAX_TOKENS_SETTING)),
      clearToolInputs: tools['clearToolInputs'] === true,
    },
    clearThinking: {
      enabled: thinking['enabled'] === true,
      ...whenRead('keepTurns', readCount(thinking['keepTurns'], 1, 10_000)),
    },
    compact: {
      enabled: compact['enabled'] === true,
      ...whenRead('triggerInputTokens', readCount(compact['triggerInputTokens'], 1, MAX_TOKENS_SETTING)),
    },
  };
}

/** The stored settings over the defaults (everything off). */
export function readApiToolSettings(value: unknown): ApiToolSettings {
  if (!isRecord(value)) return defaultApiToolSettings;
  const search = isRecord(value['webSearch']) ? value['webSearch'] : {};
  const location = readLocation(search['location']);
  const toolSearch = isRecord(value['toolSearch']) ? value['toolSearch'] : {};
  return {
    webSearch: { ...readDomainTool(value['webSearch']), ...(location ? { location } : {}) },
    webFetch: readDomainTool(value['webFetch']),
    codeExecution: { enabled: readEnabled(value['codeExecution']) },
    memory: { enabled: readEnabled(value['memory']), ...readMemoryName(value['memory']) },
    toolSearch: {
      enabled: toolSearch['enabled'] === true,
      variant: toolSearch['variant'] === 'regex' ? 'regex' : 'bm25',
      defer: toolSearch['defer'] === 'all' ? 'all' : 'unpinned',
    },
    contextManagement: readContextManagement(value['contextManagement']),
  };
}
