// Pure: a round's request size per part (system · tools · history) from the exact request it recorded, with the
// pause editor's estimator (`estimateRequestTokens`). No count_tokens call. Each request keeps its history as a
// delta on the previous one, so the history is tallied incrementally and cached per record: a card's figure
// costs the rounds since the last one tallied, never the whole run again.
import type { RecordedRequest } from '../engine/model/sent-request';
import { estimateJsonTokens, estimateRequestTokens, type EstimableTool } from '../shared/estimate-tokens';
import type { RequestTokenEstimate } from '../shared/estimate-tokens';
import { isObjectLike } from '../shared/is-record';

/** A round as far as this needs it (a timeline round). */
export interface RoundRequestSource {
  round: number;
  sent?: RecordedRequest;
}

/** One record's history: the first `kept` messages of `parent`'s, then its own added ones. */
interface HistoryTally {
  /** The tally it was made on (the previous record's), for the cache. */
  basis: HistoryTally | undefined;
  parent: HistoryTally | undefined;
  kept: number;
  added: number[];
  length: number;
  total: number;
  /** Tokens of the system prompt carried as messages (OpenAI-compatible: the first message). */
  system: number;
}

const tallies = new WeakMap<RecordedRequest, HistoryTally>();
const fixedParts = new WeakMap<RecordedRequest, { system: number; tools: number }>();

const isSystemMessage = (message: unknown): boolean =>
  isObjectLike(message) && (message['role'] === 'system' || message['role'] === 'developer');
const textOf = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Array.isArray(value)
      ? value.map((part) => (isObjectLike(part) && typeof part['text'] === 'string' ? part['text'] : '')).join('\n')
      : '';
const systemTokens = (text: string): number => estimateRequestTokens({ system: text, tools: [], messages: [] }).system;

/** Sum of the first `count` messages of the history `tally` stands for. */
function prefixTokens(tally: HistoryTally, count: number): number {
  let sum = 0;
  let at: HistoryTally | undefined = tally;
  let n = count;
  while (at !== undefined && n > 0) {
    if (n >= at.length) return sum + at.total;
    if (n > at.kept) {
      for (let index = 0; index < n - at.kept; index += 1) sum += at.added[index] ?? 0;
      n = at.kept;
    }
    at = at.parent;
  }
  return sum;
}

/** A record's tally on `basis` (the previous record's); undefined when it keeps more than that had (damaged). */
function tallyOf(record: RecordedRequest, basis: HistoryTally | undefined): HistoryTally | undefined {
  const cached = tallies.get(record);
  if (cached !== undefined && cached.basis === basis) return cached;
  const history = record.history;
  const whole = record.body['messages'];
  const kept = history?.kept ?? 0;
  const messages = history?.added ?? (Array.isArray(whole) ? (whole as unknown[]) : []);
  if (kept > (basis?.length ?? 0)) return undefined;
  const parent = kept === 0 ? undefined : basis;
  // An OpenAI-compatible request carries its system prompt as a message: counted as system, not history.
  const added = messages.map((message) => (isSystemMessage(message) ? 0 : estimateJsonTokens(message)));
  const ownSystem = messages
    .filter(isSystemMessage)
    .reduce<number>((sum, message) => sum + systemTokens(textOf(isObjectLike(message) ? message['content'] : '')), 0);
  const tally: HistoryTally = {
    basis,
    parent,
    kept,
    added,
    length: kept + added.length,
    total: (parent === undefined ? 0 : prefixTokens(parent, kept)) + added.reduce((sum, tokens) => sum + tokens, 0),
    // The system message leads the history: a record that keeps any of the previous one's keeps it too.
    system: (parent?.system ?? 0) + ownSystem,
  };
  tallies.set(record, tally);
  return tally;
}

/** The tools of a wire body in the estimator's terms (Anthropic's `input_schema`, OpenAI's `function`). */
function toolsOf(body: Record<string, unknown>): EstimableTool[] {
  const tools = Array.isArray(body['tools']) ? (body['tools'] as unknown[]) : [];
  return tools.filter(isObjectLike).map((tool) => {
    const inner = isObjectLike(tool['function']) ? tool['function'] : tool;
    return {
      name: typeof inner['name'] === 'string' ? inner['name'] : '',
      description: typeof inner['description'] === 'string' ? inner['description'] : '',
      input_schema: inner['input_schema'] ?? inner['parameters'] ?? {},
    };
  });
}

/** The top-level system prompt (Anthropic) and the tools of one record (they are whole in every record). */
function fixedOf(record: RecordedRequest): { system: number; tools: number } {
  const cached = fixedParts.get(record);
  if (cached !== undefined) return cached;
  const estimate = estimateRequestTokens({
    system: textOf(record.body['system']),
    tools: toolsOf(record.body),
    messages: [],
  });
  const parts = { system: estimate.system, tools: estimate.tools };
  fixedParts.set(record, parts);
  return parts;
}

/**
 * The estimated size of round `round`'s request per part, from the requests the rounds recorded (in order):
 * undefined when the round recorded none (the Demo model, a run recorded before requests were kept) or its
 * history cannot be rebuilt (an earlier record missing or damaged).
 */
export function estimateRoundRequest(
  rounds: readonly RoundRequestSource[],
  round: number,
): RequestTokenEstimate | undefined {
  let parent: HistoryTally | undefined;
  for (const candidate of rounds) {
    if (candidate.round > round) break;
    if (candidate.sent === undefined) continue;
    const tally = tallyOf(candidate.sent, parent);
    if (candidate.round === round) {
      if (tally === undefined) return undefined;
      const fixed = fixedOf(candidate.sent);
      const system = fixed.system + tally.system;
      return { system, tools: fixed.tools, history: tally.total, total: system + fixed.tools + tally.total };
    }
    parent = tally;
  }
  return undefined;
}
