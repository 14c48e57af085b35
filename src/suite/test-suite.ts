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

/**
 * Which round a call expectation judges. Absent or `any`: the calls of the whole run; `number`: round `round`
 * (from 1); `last`: the run's last round; `first-call`: the round in which `tool` is first called.
 */
export type RoundTarget =
  { kind: 'any' } | { kind: 'number'; round: number } | { kind: 'last' } | { kind: 'first-call'; tool: string };

/** What every expectation may carry besides its own fields. */
export interface ExpectationOptions {
  /**
   * Over several runs of a case on one model, the share of runs (0–1] in which the expectation must hold
   * (`0.8`: "holds in at least 4 of 5 runs"). Absent: every run.
   */
  minPassRate?: number;
}

/** One thing a run must show. Every expectation is checked against the run's transcript. */
export type Expectation = ExpectationOptions &
  (
    | /**
       * The tools called, by the name the model used, in the targeted round(s). `in-order`: these calls happen in
       * this order (others may come between); `exact`: exactly this sequence of calls; `set`: each was called.
       */
      { kind: 'tools-called'; tools: string[]; mode: 'in-order' | 'exact' | 'set'; round?: RoundTarget }
      /** A tool's input (or the value at `path`, dot-separated) matches; `calls` says whether any call or all must. */
    | {
        kind: 'tool-input';
        tool: string;
        path?: string;
        match: ValueMatcher;
        calls: 'any' | 'all';
        round?: RoundTarget;
      }
    /** Every call (of `tool`, or of any tool) ended with this status. */
    | { kind: 'tool-status'; tool?: string; status: ToolResultStatus; round?: RoundTarget }
    /** The targeted round(s) called no tool ("the first round calls no tool", "the last round only answers"). */
    | { kind: 'no-tool-calls'; round?: RoundTarget }
    /**
     * The path of the run across rounds: each step is the tools one round called (in any order within the
     * round), the steps in order over the rounds that called tools. `gaps`: other such rounds may come between.
     */
    | { kind: 'tool-path'; steps: string[][]; gaps: boolean }
    /** The text of the last reply. */
    | { kind: 'final-answer'; match: TextMatcher }
    /** A model reads the final answer and the rubric and says PASS or FAIL: model-graded, not deterministic. */
    | { kind: 'rubric'; rubric: string }
    /** How the run ended (`end_turn`, `limit:rounds`, `error`, …). */
    | { kind: 'finish-reason'; reason: string }
    | { kind: 'max-rounds'; max: number }
    /** The run's cost at the price recorded with it (USD); fails when the run has no price. */
    | { kind: 'max-cost'; usd: number }
  );

export type ExpectationKind = Expectation['kind'];

/** The model a case runs on. Never a key: keys come from the person's settings or the environment. */
export interface TestModel {
  /** `in-browser` only from the headless runner's --model (a GGUF file's path); a suite file cannot name it. */
  provider: 'demo' | 'anthropic' | 'openai-compatible' | 'in-browser';
  model: string;
  baseUrl?: string;
  capabilities?: ModelCapabilities;
  price?: ModelPrice;
  /**
   * Anthropic only: the API's own tools, as Settings → Server tools stores them (read field by field, a bad field
   * off). Memory uses the memory named in it, or one of the runner's own (`session:headless`).
   */
  apiTools?: Record<string, unknown>;
}

/**
 * An MCP server a case needs, by the name its tools are exposed under. Never headers (they may be secrets).
 * Without `url`: the suite's server of that name (`TestSuite.servers`).
 */
export interface TestServer {
  name: string;
  url?: string;
  /**
   * `api`: with an Anthropic model the API calls the server itself (the MCP connector: `mcp_servers` and an
   * `mcp_toolset`), and the runner neither connects to it nor sends its tools; its calls (`mcp_tool_use`) are judged
   * as `<name>__<tool>` like the runner's. Absent or `runner`: the runner calls it (always, for other providers).
   */
  via?: 'api' | 'runner';
}

/**
 * A server a suite brings. By URL: `headers` names the headers it needs (the values come only from the
 * person's configuration, bound to that URL). By stdio command: the runner starts it in-process through the
 * bridge's code, and only with the person's consent (`--allow-stdio`), since the command runs on their machine.
 */
export type SuiteServer =
  { name: string; url: string; headers?: string[] } | { name: string; command: string; args?: string[] };

/** Whether a suite server is a stdio command. */
export const isStdioServer = (server: SuiteServer): server is Extract<SuiteServer, { command: string }> =>
  'command' in server;

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
  /** The servers the suite brings; cases name them in their `servers`. */
  servers?: SuiteServer[];
}
