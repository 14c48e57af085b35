// `loupe test`: reads a suite, runs it (online on the in-process engine host, or offline from the
// recordings), prints a report, writes JUnit XML and returns the exit code.
import type { Model } from '../engine/model/model';
import type { RubricGrader } from '../suite/evaluate-expectations';
import { parseSuite } from '../suite/parse-suite';
import { parseResults } from '../suite/parse-results';
import { renderReport } from '../suite/render-report';
import { resolveCaseServers } from '../suite/resolve-case-servers';
import { buildResultsFile, type ResultsFile } from '../suite/results-file';
import { shardCases } from '../suite/shard-cases';
import { runCases, type TestRunDriver } from '../suite/run-cases';
import { isRunPassed, tallyChecks } from '../suite/summarize-runs';
import type { TestCase, TestModel, TestSuite } from '../suite/test-suite';
import { createModel } from '../worker/create-model';
import { createGrader } from './create-grader';
import { createHostDriver } from './create-host-driver';
import { createOfflineDriver } from './create-offline-driver';
import { checkGgufFile, createNodeGgufModels, type NodeGgufModels } from './gguf/create-node-gguf-models';
import { createInProcessHost } from './in-process-host';
import { createFolderMemoryStore } from './folder-memory-store';
import type { TestCommand } from './parse-cli-args';
import type { ModelSpec } from './parse-model-spec';
import { prepareSuiteServers, type StdioStarter } from './prepare-suite-servers';
import { writeReports } from './write-reports';
import { providerSettingsFor } from './provider-settings-for';
import { terminalSafe } from './terminal-safe';
import { readSecretBindings, type SecretBindings } from './read-secret-bindings';
import { startSuiteTelemetry } from './start-suite-telemetry';

/** What the command touches outside itself, so tests can give their own. */
export interface CommandIo {
  env: Record<string, string | undefined>;
  readFile: (path: string) => Promise<string>;
  writeFile: (path: string, text: string) => Promise<void>;
  out: (line: string) => void;
  err: (line: string) => void;
  /** Appends to a file ($GITHUB_STEP_SUMMARY). */
  appendFile?: (path: string, text: string) => Promise<void>;
  appVersion: string;
  signal?: AbortSignal;
  /** Starts a suite's stdio servers in this process (the entry gives the bridge's code). */
  startStdio?: StdioStarter;
  /** What posts `--otlp` traces (default: the global `fetch`). */
  fetchFn?: typeof fetch;
}

/** A model of the command line: its own base URL, else --base-url (never for the demo or a GGUF file). */
function toTestModel(spec: ModelSpec, command: TestCommand): TestModel {
  const url = spec.baseUrl ?? command.baseUrl;
  if (spec.provider === 'in-browser')
    return {
      provider: 'in-browser',
      model: spec.model,
      // `native`: the model's own chat template when it takes tools (else the prompted track).
      capabilities: { tools: 'native', vision: false, thinking: false, constrainToolCalls: !command.unconstrained },
    };
  return {
    provider: spec.provider,
    model: spec.model,
    ...(url === undefined || spec.provider === 'demo' ? {} : { baseUrl: url }),
  };
}

/** GGUF files named with --model in-browser/…; llama.cpp's Node build loads with the first of them only. */
function createGgufModels(): NodeGgufModels {
  return createNodeGgufModels((path) =>
    import('./gguf/load-node-gguf-engine').then((module) => module.loadNodeGgufEngine(path)),
  );
}

async function readBaseline(path: string, io: CommandIo): Promise<{ name: string; file: ResultsFile } | string> {
  let text: string;
  try {
    text = await io.readFile(path);
  } catch (error) {
    return `Cannot read the baseline ${path}: ${error instanceof Error ? error.message : String(error)}`;
  }
  const file = parseResults(text);
  return typeof file === 'string' ? `The baseline ${path} cannot be used: ${file}.` : { name: path, file };
}

function graderFor(model: TestModel, bindings: SecretBindings, gguf: NodeGgufModels): RubricGrader | string {
  const provider = providerSettingsFor(model, bindings);
  if (typeof provider === 'string') return provider;
  const grading: Model =
    provider.settings.kind === 'in-browser' ? gguf.createModel(provider.settings) : createModel(provider.settings);
  return createGrader(grading);
}

/** Runs the command; resolves with the exit code (0 all held, 1 one failed, 2 could not run). */
export async function runSuiteCommand(command: TestCommand, given: CommandIo): Promise<number> {
  // Everything printed may hold suite or server text: no control character reaches the terminal.
  const io: CommandIo = {
    ...given,
    out: (line) => given.out(terminalSafe(line)),
    err: (line) => given.err(terminalSafe(line)),
  };
  let text: string;
  try {
    text = await io.readFile(command.suitePath);
  } catch (error) {
    io.err(`Cannot read ${command.suitePath}: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const parsed = parseSuite(text);
  if (!parsed.ok) {
    io.err(`${command.suitePath} is not a usable Loupe test suite:`);
    for (const problem of parsed.problems) io.err(`  - ${problem}`);
    return 2;
  }
  const { suite } = parsed;
  const personal = readSecretBindings(io.env, {
    ...(command.baseUrl === undefined ? {} : { baseUrl: command.baseUrl }),
    publicOnly: command.publicOnly,
    modelUrls: [...command.models, ...(command.grader === undefined ? [] : [command.grader])].flatMap((spec) =>
      spec.baseUrl === undefined || spec.provider === 'in-browser'
        ? []
        : [{ provider: spec.provider, url: spec.baseUrl }],
    ),
  });
  if (typeof personal === 'string') {
    io.err(personal);
    return 2;
  }
  const baseline = command.baselinePath === undefined ? undefined : await readBaseline(command.baselinePath, io);
  if (typeof baseline === 'string') {
    io.err(baseline);
    return 2;
  }
  const servers = command.offline
    ? { urls: new Map<string, string>(), bindings: personal }
    : await prepareSuiteServers(suite, {
        bindings: personal,
        allowStdio: command.allowStdio,
        out: io.out,
        ...(io.startStdio === undefined ? {} : { startStdio: io.startStdio }),
      }).catch(
        (error: unknown) => `A suite server could not start: ${error instanceof Error ? error.message : String(error)}`,
      );
  if (typeof servers === 'string') {
    for (const line of servers.split('\n')) io.err(line);
    return 2;
  }
  try {
    return await runPrepared(command, io, suite, servers.bindings, servers.urls, baseline);
  } finally {
    await servers.stdio?.close();
  }
}

async function runPrepared(
  command: TestCommand,
  io: CommandIo,
  suite: TestSuite,
  bindings: SecretBindings,
  serverUrls: ReadonlyMap<string, string>,
  baseline: { name: string; file: ResultsFile } | undefined,
): Promise<number> {
  const mine = command.shard === undefined ? suite.cases : shardCases(suite.cases, command.shard);
  // Offline runs replay recorded tool results: no server is needed, so none is resolved.
  const resolved = command.offline ? mine : resolveCaseServers(mine, serverUrls);
  if (typeof resolved === 'string') {
    io.err(resolved);
    return 2;
  }
  const cases: TestCase[] = resolved;
  const models = command.models.map((spec) => toTestModel(spec, command));
  // A GGUF path that is not a GGUF file stops the command before any run (exit 2), not each run.
  for (const spec of [...command.models, ...(command.grader === undefined ? [] : [command.grader])]) {
    if (spec.provider !== 'in-browser') continue;
    const refused = await checkGgufFile(spec.model).then(
      () => undefined,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    if (refused !== undefined) {
      io.err(`--model in-browser/${spec.model}: ${refused}.`);
      return 2;
    }
  }
  const gguf = createGgufModels();
  const host = command.offline
    ? undefined
    : createInProcessHost(io.appVersion, {
        ...(command.memoryDir === undefined ? {} : { memoryStore: createFolderMemoryStore(command.memoryDir) }),
        gguf,
      });
  // One id per command: its runs' trace ids never repeat another CI run's.
  const invocation = crypto.randomUUID();
  const driver: TestRunDriver =
    host === undefined
      ? createOfflineDriver(io.appVersion)
      : createHostDriver(host, {
          bindings,
          notice: io.err,
          runIdPrefix: `test-${invocation}`,
          traceContext: command.otlp !== undefined,
        });
  const telemetry =
    command.otlp === undefined ? undefined : startSuiteTelemetry(command, command.otlp, io, suite, bindings, host);
  if (typeof telemetry === 'string') {
    io.err(telemetry);
    await host?.dispose();
    return 2;
  }
  const graderModel =
    command.grader === undefined ? (models[0] ?? suite.cases[0]?.model) : toTestModel(command.grader, command);
  const grade = command.offline || graderModel === undefined ? undefined : graderFor(graderModel, bindings, gguf);
  if (typeof grade === 'string') io.err(`Rubric expectations will fail: ${grade}`);

  const shard = command.shard === undefined ? '' : ` · shard ${command.shard.index}/${command.shard.total}`;
  io.out(
    `Loupe ${io.appVersion} · ${suite.name}: ${cases.length} case(s)${shard}${command.offline ? ' · offline (recorded replies and results)' : ''}`,
  );
  try {
    const result = await runCases(driver, {
      cases,
      models,
      times: command.times,
      concurrency: command.concurrency,
      ...(command.maxCostUsd === undefined ? {} : { spendCapUsd: command.maxCostUsd }),
      ...(io.signal === undefined ? {} : { signal: io.signal }),
      ...(typeof grade === 'function' ? { grade } : {}),
      onRun: (run) => {
        const testCase = cases.find((candidate) => candidate.id === run.caseId);
        io.out(`${isRunPassed(run) ? '✓' : '✗'} ${testCase?.name ?? run.caseId} · ${run.modelLabel} #${run.attempt}`);
        if (testCase !== undefined) telemetry?.record(run, testCase);
      },
    });
    io.out('');
    for (const line of renderReport(cases, result.runs)) io.out(line);
    if (result.stoppedBy === 'spend-cap')
      io.out(
        `Stopped at the spending cap ($${command.maxCostUsd}): ${result.runs.length} of ${result.planned} runs made.`,
      );
    if (result.stoppedBy === 'cancelled') io.out(`Cancelled: ${result.runs.length} of ${result.planned} runs made.`);
    const { passed, failed, tolerated } = tallyChecks(cases, result.runs);
    const results = buildResultsFile({
      suite: suite.name,
      appVersion: io.appVersion,
      ...(command.shard === undefined ? {} : { shard: command.shard }),
      cases,
      runs: result.runs,
      tally: { passed, failed },
    });
    await writeReports(
      command,
      { suiteName: suite.name, cases, runs: result.runs, results, ...(baseline === undefined ? {} : { baseline }) },
      io,
    );
    if (tolerated > 0) io.out(`${tolerated} failed check(s) within their expectations' pass-rate thresholds`);
    const noRunMade = result.runs.length > 0 && result.runs.every((run) => run.error !== undefined);
    if (noRunMade) io.err(`No run could be made (first reason: ${result.runs[0]?.error ?? 'unknown'}).`);
    const labels = [...new Set(result.runs.map((run) => run.modelLabel))];
    io.out(`${result.runs.length} run(s) on ${labels.join(', ') || 'no model'}`);
    io.out(`${passed} passed, ${failed} failed`);
    if (noRunMade || result.stoppedBy === 'cancelled') return 2;
    return failed > 0 ? 1 : 0;
  } finally {
    // The last traces go out before the host that converts them is gone.
    await telemetry?.close();
    await host?.dispose();
    await gguf.dispose();
  }
}
