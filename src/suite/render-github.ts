// `--reporter github`: failures as workflow-command annotations (`::error`) and a Markdown step summary
// for $GITHUB_STEP_SUMMARY. Pure.
import { describePath } from './usual-tool-path';
import type { ResultsFile } from './results-file';

/** Escapes a workflow command's message: `%`, CR and LF would otherwise end or forge the command. */
const escapeData = (text: string) => text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
/** A property value also may not hold `:` or `,`. */
const escapeProperty = (text: string) => escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');

/** One `::error` line per failed expectation check or run that could not be made. */
export function renderGithubAnnotations(results: ResultsFile, suitePath: string): string[] {
  const lines: string[] = [];
  for (const run of results.runs) {
    const title = escapeProperty(`${run.caseName} · ${run.model} #${run.attempt}`);
    const head = `::error file=${escapeProperty(suitePath)},title=${title}::`;
    if (run.error !== undefined) lines.push(`${head}${escapeData(`could not run: ${run.error}`)}`);
    for (const check of run.checks) {
      if (check.outcome !== 'fail') continue;
      const where = check.round === undefined ? '' : ` (round ${check.round})`;
      lines.push(`${head}${escapeData(`${check.expectation}${where} — ${check.detail}`)}`);
    }
  }
  return lines;
}

/** Markdown cells: a suite's text must not break the table or inject markup. */
const cell = (text: string) => text.replace(/[\\`*_[\]<>|]/g, (char) => `\\${char}`).replace(/\s+/g, ' ');

/** The step summary: one row per case and model (runs passed, mean tokens, cost, latency, usual tool path). */
export function renderGithubSummary(results: ResultsFile, extra: readonly string[] = []): string {
  const rows = new Map<string, ResultsFile['runs']>();
  for (const run of results.runs) {
    const key = `${run.caseId}\u0000${run.model}`;
    rows.set(key, [...(rows.get(key) ?? []), run]);
  }
  const mean = (values: (number | null)[]) => {
    const known = values.filter((value): value is number => value !== null);
    return known.length === 0 ? null : known.reduce((sum, value) => sum + value, 0) / known.length;
  };
  const lines = [
    `### Loupe: ${cell(results.suite)}${results.shard === undefined ? '' : ` (shard ${results.shard.index}/${results.shard.total})`}`,
    '',
    `**${results.passed} passed, ${results.failed} failed**`,
    '',
    '| case | model | runs passed | tokens | cost | latency | tool path |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const runs of rows.values()) {
    const first = runs[0];
    if (first === undefined) continue;
    const tokens = mean(runs.map((run) => run.tokens));
    const cost = mean(runs.map((run) => run.costUsd));
    const latency = mean(runs.map((run) => run.latencyMs));
    lines.push(
      `| ${cell(first.caseName)} | ${cell(first.model)} | ${runs.filter((run) => run.passed).length}/${runs.length} | ${tokens === null ? '—' : Math.round(tokens)} | ${cost === null ? '—' : `$${cost.toFixed(4)}`} | ${latency === null ? '—' : `${Math.round(latency)} ms`} | ${cell(describePath(first.toolPath))} |`,
    );
  }
  if (extra.length > 0) lines.push('', '```', ...extra.map((line) => line.replaceAll('```', "'''")), '```');
  return `${lines.join('\n')}\n`;
}
