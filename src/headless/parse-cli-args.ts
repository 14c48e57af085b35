// `npm run loupe -- test <suite.json> [options]`: the command line, parsed. Pure.
import { parseShard, type Shard } from '../suite/shard-cases';
import { parseModelSpec, type ModelSpec } from './parse-model-spec';
import { parseReporter, type Reporter } from './parse-reporter';

export interface TestCommand {
  command: 'test';
  suitePath: string;
  junitPath?: string;
  offline: boolean;
  /** Runs per case and model. */
  times: number;
  concurrency: number;
  maxCostUsd?: number;
  /** `provider/model[@baseUrl]` (repeatable): run every case on these instead of each case's own model. */
  models: ModelSpec[];
  /** Base URL for the models given with --model (a gateway, a local server). */
  baseUrl?: string;
  /** The rubric grader; default: each case's own model. */
  grader?: ModelSpec;
  /** Refuse model and server URLs on this machine or the local network that the person did not name. */
  publicOnly: boolean;
  /** Where the memory tool's files are kept between runs of the command; absent = in memory, gone at exit. */
  memoryDir?: string;
  /** This machine's part of the suite (`--shard i/n`). */
  shard?: Shard;
  /** Output besides the plain lines (`--reporter`, repeatable); `--junit <file>` is a junit reporter. */
  reporters: Reporter[];
  /** A results file of an earlier run to compare with (`--baseline`). */
  baselinePath?: string;
  /** Relative change of cost or latency the baseline section reports (default 0.25). */
  tolerance?: number;
  /** The person's consent to start the stdio servers the suite lists (their commands run on this machine). */
  allowStdio: boolean;
  /** In-browser (GGUF) models sample freely instead of following the tool-call grammar (`--unconstrained`). */
  unconstrained: boolean;
  /** `--otlp`: where each run's trace goes, an OTLP/HTTP collector's URL or a file of OTLP/JSON lines. */
  otlp?: string;
  /** `--otlp-content`: the traces carry message content (off by default). */
  otlpContent: boolean;
}

export type CliParse = { ok: true; value: TestCommand } | { ok: false; message: string } | { ok: 'help' };

export const USAGE = `Usage: npm run loupe -- test <suite.json> [options]

Runs a Loupe test suite with the same engine, providers and MCP client as the app.

Options:
  --junit <file.xml>     write a JUnit XML report
  --offline              replay each case's recorded replies and tool results (no key, no server)
  --times <N>            runs per case and model (default 1)
  --concurrency <N>      runs at once (default 2)
  --max-cost <USD>       start no run once the runs so far cost this much
  --model <p/model>      run on this model instead of each case's own (repeatable, side by side;
                         p: demo, anthropic, openai-compatible); p/model@URL gives that model its
                         own base URL (e.g. openai-compatible/llama3@http://localhost:11434/v1);
                         in-browser/<file.gguf> runs a GGUF file in this process (no key, no
                         server): its own chat template when it takes tools, tool calls held to
                         the schemas by a grammar (llama.cpp's native build for Node, see
                         docs/in-browser-model.md)
  --unconstrained        in-browser models: no grammar, the model writes calls freely
  --base-url <URL>       base URL for the --model entries without their own; keys may go there too
  --grader <p/model>     the model that grades rubric expectations (default: the case's model)
  --memory-dir <dir>     keep the memory tool's files in this folder (default: in memory, gone at exit)
  --public-only          refuse model and server URLs on this machine or the local network
                         that you did not name yourself (with --base-url or the variables below)
  --allow-stdio          start the stdio servers the suite lists (their commands run on this
                         machine with your rights; without it the runner shows them and stops)
  --shard <i/n>          run the i-th of n deterministic parts of the suite (split by case)
  --reporter <name>      junit[=file.xml], json[=file.json], github, plain (repeatable; default plain)
  --baseline <file>      compare with an earlier --reporter json file: "Changed since baseline"
  --tolerance <x>        relative cost or latency change the baseline section reports (default 0.25)
  --otlp <URL|file>      send each run as an OpenTelemetry trace, every expectation's outcome a
                         gen_ai.evaluation.result event: to an OTLP/HTTP collector (http://localhost:4318;
                         headers from LOUPE_OTLP_HEADERS, name=value,…) or appended to a file as
                         OTLP/JSON lines. A collector that fails is said once and never changes the exit code
  --otlp-content         the traces carry messages, tool arguments and results (off by default)

Keys come from ANTHROPIC_API_KEY and OPENAI_API_KEY and go only to the provider's own API
(api.anthropic.com, api.openai.com), --base-url and the origins in LOUPE_KEY_ORIGINS
(comma-separated): a suite's own base URL elsewhere is not run (Anthropic) or runs without the
key (OpenAI-compatible). Server headers come from LOUPE_SERVER_HEADERS, bound to server URLs
(JSON: {"https://mcp.example.com": {"Authorization": "Bearer …"}}), sent only to that URL.
Exit code: 0 every expectation held, 1 one failed, 2 the suite could not run.`;

const positive = (text: string | undefined, name: string): number | string => {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 && value <= 1000 ? value : `${name} takes a whole number from 1 to 1000`;
};

/** Parses `argv` (after the script name). */
export function parseCliArgs(argv: readonly string[]): CliParse {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) return { ok: 'help' };
  const [command, ...rest] = argv;
  if (command !== 'test') return { ok: false, message: `Unknown command "${command}". ${USAGE}` };
  const value: TestCommand = {
    command: 'test',
    suitePath: '',
    offline: false,
    times: 1,
    concurrency: 2,
    models: [],
    publicOnly: false,
    reporters: [],
    allowStdio: false,
    unconstrained: false,
    otlpContent: false,
  };
  for (let index = 0; index < rest.length; index += 1) {
    const arg = rest[index] ?? '';
    const next = () => {
      index += 1;
      return rest[index];
    };
    switch (arg) {
      case '--offline':
        value.offline = true;
        break;
      case '--public-only':
        value.publicOnly = true;
        break;
      case '--allow-stdio':
        value.allowStdio = true;
        break;
      case '--unconstrained':
        value.unconstrained = true;
        break;
      case '--otlp-content':
        value.otlpContent = true;
        break;
      case '--otlp': {
        const target = next();
        if (target === undefined || target.trim() === '' || target.startsWith('-'))
          return { ok: false, message: '--otlp needs a collector URL (http://localhost:4318) or a file name.' };
        value.otlp = target;
        break;
      }
      case '--junit': {
        const path = next();
        if (path === undefined) return { ok: false, message: '--junit needs a file name.' };
        value.junitPath = path;
        break;
      }
      case '--shard': {
        const shard = parseShard(next());
        if (typeof shard === 'string') return { ok: false, message: shard };
        value.shard = shard;
        break;
      }
      case '--reporter': {
        const reporter = parseReporter(next());
        if (typeof reporter === 'string') return { ok: false, message: reporter };
        value.reporters.push(reporter);
        break;
      }
      case '--baseline': {
        const path = next();
        if (path === undefined) return { ok: false, message: '--baseline needs a results file (--reporter json).' };
        value.baselinePath = path;
        break;
      }
      case '--tolerance': {
        const tolerance = Number(next());
        if (!Number.isFinite(tolerance) || tolerance < 0)
          return { ok: false, message: '--tolerance takes a fraction, e.g. 0.25.' };
        value.tolerance = tolerance;
        break;
      }
      case '--times':
      case '--concurrency': {
        const parsed = positive(next(), arg);
        if (typeof parsed === 'string') return { ok: false, message: parsed };
        if (arg === '--times') value.times = parsed;
        else value.concurrency = parsed;
        break;
      }
      case '--max-cost': {
        const cost = Number(next());
        if (!Number.isFinite(cost) || cost < 0) return { ok: false, message: '--max-cost takes an amount in USD.' };
        value.maxCostUsd = cost;
        break;
      }
      case '--model':
      case '--grader': {
        const model = parseModelSpec(next(), arg);
        if (typeof model === 'string') return { ok: false, message: model };
        if (arg === '--model') value.models.push(model);
        else value.grader = model;
        break;
      }
      case '--memory-dir': {
        const folder = next();
        if (folder === undefined || folder === '') return { ok: false, message: '--memory-dir needs a folder.' };
        value.memoryDir = folder;
        break;
      }
      case '--base-url': {
        const url = next();
        if (url === undefined || !/^https?:\/\//.test(url))
          return { ok: false, message: '--base-url takes an http(s) URL.' };
        value.baseUrl = url;
        break;
      }
      default:
        if (arg.startsWith('-')) return { ok: false, message: `Unknown option ${arg}.` };
        if (value.suitePath !== '')
          return { ok: false, message: `One suite file at a time (got "${value.suitePath}" and "${arg}").` };
        value.suitePath = arg;
    }
  }
  if (value.suitePath === '') return { ok: false, message: `Name the suite file. ${USAGE}` };
  return { ok: true, value };
}
