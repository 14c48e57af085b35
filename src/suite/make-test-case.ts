// "Make a test": turns a finished run's transcript into a test case with expectations to edit. Pure.
import { isRecord } from '../shared/is-record';
import type { Transcript } from '../engine/transcript/transcript';
import type { ToolSelection } from '../protocol/tool-settings';
import { listCalls } from './read-run';
import { withConnectorCalls } from './with-connector-calls';
import type { Expectation, TestCase, TestModel } from './test-suite';

/** What the transcript does not hold and the page does: the person's own system prompt and tool choices. */
export interface MakeTestCaseInput {
  transcript: Transcript;
  id: string;
  /** The system prompt as the person typed it (the transcript's has server instructions folded in). */
  system?: string;
  tools?: ToolSelection;
}

const PROVIDERS: readonly TestModel['provider'][] = ['demo', 'anthropic', 'openai-compatible'];

/** The model a transcript was recorded with, or a sentence saying why it cannot be re-run. */
export function readTestModel(transcript: Transcript): TestModel | string {
  const { settings } = transcript;
  const provider = PROVIDERS.find((known) => known === settings.provider);
  if (provider === undefined)
    return `A ${settings.provider} run cannot be re-run as a test: choose the Demo model, Anthropic or an OpenAI-compatible model.`;
  return {
    provider,
    model: settings.model,
    ...(settings.baseUrl === undefined ? {} : { baseUrl: settings.baseUrl }),
    ...(settings.capabilities === undefined ? {} : { capabilities: settings.capabilities }),
    ...(settings.price === undefined ? {} : { price: settings.price }),
  };
}

/** The text the person sent to start the run (its first user message). */
export function readPrompt(transcript: Transcript): string {
  const first = transcript.messages.find((message) => message.role === 'user');
  if (first === undefined) return '';
  return first.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
}

/**
 * Expectations that hold for the run as recorded, for the person to loosen or tighten: the tools it
 * called in order, every call ok, how it ended, and a round budget with a little room.
 */
export function proposeExpectations(transcript: Transcript): Expectation[] {
  const calls = listCalls(transcript);
  const proposed: Expectation[] = [];
  if (calls.length > 0) {
    proposed.push({ kind: 'tools-called', tools: calls.map((call) => call.name), mode: 'in-order' });
    if (calls.every((call) => call.status === 'ok')) proposed.push({ kind: 'tool-status', status: 'ok' });
  }
  if (transcript.finishReason !== null) proposed.push({ kind: 'finish-reason', reason: transcript.finishReason });
  proposed.push({ kind: 'max-rounds', max: transcript.rounds.length + 2 });
  return proposed;
}

/** A test case from a run, or a sentence saying why that run cannot become one. */
export function makeTestCase(input: MakeTestCaseInput): TestCase | string {
  const { transcript } = input;
  const model = readTestModel(transcript);
  if (typeof model === 'string') return model;
  const prompt = readPrompt(transcript);
  if (prompt.trim() === '') return 'The run has no typed message to send again.';
  return {
    id: input.id,
    name: prompt.length > 60 ? `${prompt.slice(0, 57)}…` : prompt,
    prompt,
    system: input.system ?? transcript.system ?? '',
    model,
    maxRounds: transcript.settings.maxRounds,
    maxTokens: transcript.settings.maxTokens,
    ...(transcript.settings.temperature === undefined ? {} : { temperature: transcript.settings.temperature }),
    ...(transcript.settings.policies === undefined ? {} : { policies: transcript.settings.policies }),
    ...(input.tools === undefined ? {} : { tools: input.tools }),
    servers: transcript.servers.map(({ name, url }) => ({
      name,
      url,
      // A server the run's first request named to the MCP connector goes through the API in the case too.
      ...(connectorNames(transcript).has(name) ? { via: 'api' as const } : {}),
    })),
    // The connector's calls are proposed like the calls Loupe ran (their names are the browser path's).
    expectations: proposeExpectations(withConnectorCalls(transcript)),
    recorded: transcript,
  };
}

/** The servers the run's first request named in `mcp_servers` (run through the API's MCP connector). */
function connectorNames(transcript: Transcript): Set<string> {
  const servers = transcript.rounds[0]?.sent?.body['mcp_servers'];
  if (!Array.isArray(servers)) return new Set();
  return new Set(
    servers.flatMap((server) => (isRecord(server) && typeof server['name'] === 'string' ? [server['name']] : [])),
  );
}
