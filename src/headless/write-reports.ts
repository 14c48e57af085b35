// The reporters of `loupe test` (--reporter junit|json|github|plain, --junit) and the baseline section: what
// is printed before the last line, and the files written.
import { diffBaseline, renderBaselineDiff } from '../suite/diff-baseline';
import { renderGithubAnnotations, renderGithubSummary } from '../suite/render-github';
import { renderJunit } from '../suite/render-junit';
import type { ResultsFile } from '../suite/results-file';
import type { CaseRun } from '../suite/summarize-runs';
import type { TestCase } from '../suite/test-suite';
import type { TestCommand } from './parse-cli-args';

export interface ReportIo {
  env: Record<string, string | undefined>;
  writeFile: (path: string, text: string) => Promise<void>;
  /** Appends to a file (the GitHub step summary); absent: the summary is not written. */
  appendFile?: (path: string, text: string) => Promise<void>;
  out: (line: string) => void;
}

export interface ReportInput {
  suiteName: string;
  cases: readonly TestCase[];
  runs: readonly CaseRun[];
  results: ResultsFile;
  /** The baseline file's name and content, already read and checked. */
  baseline?: { name: string; file: ResultsFile };
}

/** Writes every report the command asked for and prints the baseline section. */
export async function writeReports(command: TestCommand, input: ReportInput, io: ReportIo): Promise<void> {
  const junitPaths = [
    ...(command.junitPath === undefined ? [] : [command.junitPath]),
    ...command.reporters.flatMap((reporter) => (reporter.kind === 'junit' ? [reporter.path] : [])),
  ];
  for (const path of new Set(junitPaths)) {
    await io.writeFile(path, renderJunit(input.suiteName, input.cases, input.runs));
    io.out(`JUnit report: ${path}`);
  }
  for (const reporter of command.reporters)
    if (reporter.kind === 'json') {
      await io.writeFile(reporter.path, `${JSON.stringify(input.results, null, 2)}\n`);
      io.out(`Results: ${reporter.path}`);
    }
  const baselineLines =
    input.baseline === undefined
      ? []
      : renderBaselineDiff(diffBaseline(input.results, input.baseline.file, command.tolerance), input.baseline.name);
  if (baselineLines.length > 0) {
    io.out('');
    for (const line of baselineLines) io.out(line);
  }
  if (!command.reporters.some((reporter) => reporter.kind === 'github')) return;
  for (const line of renderGithubAnnotations(input.results, command.suitePath)) io.out(line);
  const summaryPath = io.env['GITHUB_STEP_SUMMARY'];
  if (summaryPath !== undefined && summaryPath !== '' && io.appendFile !== undefined)
    await io.appendFile(summaryPath, renderGithubSummary(input.results, baselineLines));
}
