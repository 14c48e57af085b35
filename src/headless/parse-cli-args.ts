// `npm run loupe -- test <suite.json> [options]`: the command line, parsed. Pure.

export interface TestCommand {
  command: 'test';
  suitePath: string;
  junitPath?: string;
  offline: boolean;
  /** Runs per case and model. */
  times: number;
  concurrency: number;
  maxCostUsd?: number;
  /** `provider/model` (repeatable): run every case on these instead of each case's own model. */
  models: string[];
  /** Base URL for the models given with --model (a gateway, a local server). */
  baseUrl?: string;
  /** `provider/model` of the rubric grader; default: each case's own model. */
  grader?: string;
  /** Refuse model and server URLs on this machine or the local network that the person did not name. */
  publicOnly: boolean;
  /** Where the memory tool's files are kept between runs of the command; absent = in memory, gone at exit. */
  memoryDir?: string;
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
  --model <p/model>      run on this model instead of each case's own (repeatable; p: demo, anthropic, openai-compatible)
  --base-url <URL>       base URL for --model (a gateway or a local server); keys may go there too
  --grader <p/model>     the model that grades rubric expectations (default: the case's model)
  --memory-dir <dir>     keep the memory tool's files in this folder (default: in memory, gone at exit)
  --public-only          refuse model and server URLs on this machine or the local network
                         that you did not name yourself (with --base-url or the variables below)

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
      case '--junit': {
        const path = next();
        if (path === undefined) return { ok: false, message: '--junit needs a file name.' };
        value.junitPath = path;
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
        const model = next();
        if (model === undefined || !/^(demo|anthropic|openai-compatible)\/.+/.test(model))
          return { ok: false, message: `${arg} takes provider/model, e.g. anthropic/claude-sonnet-4-5.` };
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
