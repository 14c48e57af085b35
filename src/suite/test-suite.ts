// The test-suite file format, version 1 (docs/test-suites.md, docs/suite.schema.json). Pure types.
import type { Transcript } from '../engine/transcript/transcript';
import type { ToolResultStatus } from '../engine/tool/tool';
import type { ModelCapabilities, ModelPrice } from '../engine/model/model-capabilities';
import type { LoopPolicies } from '../shared/loop-policies';
import type { ToolSelection } from '../protocol/tool-settings';

export const SUITE_FORMAT = 'loupe-suite';
export const SUITE_VERSION = 1;

/** How a value taken from a tool call's input is checked. */
export type ValueMatcher =
  /** Deep equality with `value` (object key order does not matter). */
  | { kind: 'exact'; value: unknown }
  /** The value is valid against a JSON Schema (draft 2020-12 keywords the validator knows). */
  | { kind: 'schema'; schema: Record<string, unknown> }
  /** The value (a string, or its JSON text when it is not one) matches a regular expression. */
  | { kind: 'regex'; pattern: string; flags?: string };

/** How the final answer's text is checked. */
export type TextMatcher =
  { kind: 'contains'; text: string; caseSensitive?: boolean } | { kind: 'regex'; pattern: string; flags?: string };

/** One thing a run must show. Every expectation is checked against the run's transcript. */
export type Expectation =
  /**
   * The tools the run called, by the name the model used. `in-order`: these calls happen in this order
   * (others may come between); `exact`: exactly this sequence of calls; `set`: each was called at least once.
   */
  | { kind: 'tools-called'; tools: string[]; mode: 'in-order' | 'exact' | 'set' }
  /** A tool's input (or the value at `path`, dot-separated) matches; `calls` says whether any call or all must. */
  | { kind: 'tool-input'; tool: string; path?: string; match: ValueMatcher; calls: 'any' | 'all' }
  /** Every call (of `tool`, or of any tool) ended with this status. */
  | { kind: 'tool-status'; tool?: string; status: ToolResultStatus }
  /** The text of the last reply. */
  | { kind: 'final-answer'; match: TextMatcher }
  /** A model reads the final answer and the rubric and says PASS or FAIL: model-graded, not deterministic. */
  | { kind: 'rubric'; rubric: string }
  /** How the run ended (`end_turn`, `limit:rounds`, `error`, …). */
  | { kind: 'finish-reason'; reason: string }
  | { kind: 'max-rounds'; max: number }
  /** The run's cost at the price recorded with it (USD); fails when the run has no price. */
  | { kind: 'max-cost'; usd: number };

export type ExpectationKind = Expectation['kind'];

/** The model a case runs on. Never a key: keys come from the person's settings or the environment. */
export interface TestModel {
  provider: 'demo' | 'anthropic' | 'openai-compatible';
  model: string;
  baseUrl?: string;
  capabilities?: ModelCapabilities;
  price?: ModelPrice;
}

/** An MCP server a case needs, by the name its tools are exposed under. Never headers (they may be secrets). */
export interface TestServer {
  name: string;
  url: string;
}

export interface TestCase {
  id: string;
  name: string;
  prompt: string;
  system: string;
  model: TestModel;
  maxRounds: number;
  maxTokens: number;
  temperature?: number;
  policies?: Partial<LoopPolicies>;
  /** Tool overrides, switches and local tools as the person had them (schemas the model saw included). */
  tools?: ToolSelection;
  servers: TestServer[];
  expectations: Expectation[];
  /** The run the case was made from: replies and tool results for offline checks. */
  recorded?: Transcript;
}

export interface TestSuite {
  format: typeof SUITE_FORMAT;
  version: typeof SUITE_VERSION;
  name: string;
  cases: TestCase[];
}
