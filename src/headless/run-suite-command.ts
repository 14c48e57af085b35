// `loupe test`: reads a suite, runs it (online on the in-process engine host, or offline from the
// recordings), prints a report, writes JUnit XML and returns the exit code.
import type { Model } from '../engine/model/model';
import type { RubricGrader } from '../suite/evaluate-expectations';
import { parseSuite } from '../suite/parse-suite';
import { renderJunit } from '../suite/render-junit';
import { renderReport } from '../suite/render-report';
import { runCases, type TestRunDriver } from '../suite/run-cases';
import { isRunPassed, tallyChecks } from '../suite/summarize-runs';
import type { TestModel } from '../suite/test-suite';
import { createModel } from '../worker/create-model';
import { createGrader } from './create-grader';
import { createHostDriver } from './create-host-driver';
import { createOfflineDriver } from './create-offline-driver';
import { createInProcessHost } from './in-process-host';
import { createFolderMemoryStore } from './folder-memory-store';
import type { TestCommand } from './parse-cli-args';
import { providerSettingsFor } from './provider-settings-for';
import { terminalSafe } from './terminal-safe';
import { readSecretBindings, type SecretBindings } from './read-secret-bindings';

/** What the command touches outside itself, so tests can give their own. */
export interface CommandIo {
  env: Record<string, string | undefined>;
  readFile: (path: string) => Promise<string>;
  writeFile: (path: string, text: string) => Promise<void>;
  out: (line: string) => void;
  err: (line: string) => void;
  appVersion: string;
  signal?: AbortSignal;
}

function toTestModel(spec: string, baseUrl: string | undefined): TestModel {
  const slash = spec.indexOf('/');
  const provider = spec.slice(0, slash) as TestModel['provider'];
  return {
    provider,
    model: spec.slice(slash + 1),
    ...(baseUrl === undefined || provider === 'demo' ? {} : { baseUrl }),
  };
}

function graderFor(model: TestModel, bindings: SecretBindings): RubricGrader | string {
  const provider = providerSettingsFor(model, bindings);
  if (typeof provider === 'string') return provider;
  const grading: Model = createModel(provider.settings);
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
  const bindings = readSecretBindings(io.env, {
    ...(command.baseUrl === undefined ? {} : { baseUrl: command.baseUrl }),
    publicOnly: command.publicOnly,
  });
  if (typeof bindings === 'string') {
    io.err(bindings);
    return 2;
  }
  const models = command.models.map((spec) => toTestModel(spec, command.baseUrl));
  const host = command.offline
    ? undefined
    : createInProcessHost(io.appVersion, {
        ...(command.memoryDir === undefined ? {} : { memoryStore: createFolderMemoryStore(command.memoryDir) }),
      });
  const driver: TestRunDriver =
    host === undefined ? createOfflineDriver(io.appVersion) : createHostDriver(host, { bindings, notice: io.err });
  const graderModel =
    command.grader === undefined ? (models[0] ?? suite.cases[0]?.model) : toTestModel(command.grader, command.baseUrl);
  const grade = command.offline || graderModel === undefined ? undefined : graderFor(graderModel, bindings);
  if (typeof grade === 'string') io.err(`Rubric expectations will fail: ${grade}`);

  io.out(
    `Loupe ${io.appVersion} · ${suite.name}: ${suite.cases.length} case(s)${command.offline ? ' · offline (recorded replies and results)' : ''}`,
  );
  try {
    const result = await runCases(driver, {
      cases: suite.cases,
      models,
      times: command.times,
      concurrency: command.concurrency,
      ...(command.maxCostUsd === undefined ? {} : { spendCapUsd: command.maxCostUsd }),
      ...(io.signal === undefined ? {} : { signal: io.signal }),
      ...(typeof grade === 'function' ? { grade } : {}),
      onRun: (run) => {
        const name = suite.cases.find((testCase) => testCase.id === run.caseId)?.name ?? run.caseId;
        io.out(`${isRunPassed(run) ? '✓' : '✗'} ${name} · ${run.modelLabel} #${run.attempt}`);
      },
    });
    io.out('');
    for (const line of renderReport(suite.cases, result.runs)) io.out(line);
    if (result.stoppedBy === 'spend-cap')
      io.out(
        `Stopped at the spending cap ($${command.maxCostUsd}): ${result.runs.length} of ${result.planned} runs made.`,
      );
    if (result.stoppedBy === 'cancelled') io.out(`Cancelled: ${result.runs.length} of ${result.planned} runs made.`);
    if (command.junitPath !== undefined) {
      await io.writeFile(command.junitPath, renderJunit(suite.name, suite.cases, result.runs));
      io.out(`JUnit report: ${command.junitPath}`);
    }
    const { passed, failed, tolerated } = tallyChecks(suite.cases, result.runs);
    if (tolerated > 0) io.out(`${tolerated} failed check(s) within their expectations' pass-rate thresholds`);
    const noRunMade = result.runs.length > 0 && result.runs.every((run) => run.error !== undefined);
    if (noRunMade) io.err(`No run could be made (first reason: ${result.runs[0]?.error ?? 'unknown'}).`);
    const labels = [...new Set(result.runs.map((run) => run.modelLabel))];
    io.out(`${result.runs.length} run(s) on ${labels.join(', ') || 'no model'}`);
    io.out(`${passed} passed, ${failed} failed`);
    if (noRunMade || result.stoppedBy === 'cancelled') return 2;
    return failed > 0 ? 1 : 0;
  } finally {
    await host?.dispose();
  }
}
