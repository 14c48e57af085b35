// A tool run context for MCP task tests: records each progress report and lets a test wait for a given task
// status message, so tests step a task along without timing guesses.
import type { ToolProgress, ToolRunContext } from '../../src/engine/tool/tool';

/** A run context that records progress; `reported(message)` resolves once a report carries that task message. */
export function createTaskRunContext(controller = new AbortController()) {
  const reports: ToolProgress[] = [];
  const waiters: { match: (report: ToolProgress) => boolean; resolve: () => void }[] = [];
  const context: ToolRunContext = {
    signal: controller.signal,
    onProgress: (report) => {
      reports.push(report);
      for (const waiter of waiters.filter((candidate) => candidate.match(report))) waiter.resolve();
    },
    log: () => {},
  };
  const reported = (message: string) =>
    reports.some((report) => report.task?.message === message)
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiters.push({ match: (report) => report.task?.message === message, resolve }));
  return { context, reports, reported, controller };
}

/** The text parts of a tool output, one per line. */
export const textOfOutput = (output: { content: { type: string; text?: string }[] } | undefined) =>
  (output?.content ?? []).map((part) => part.text ?? '').join('\n');

/** Steps a task of `steps` steps on `topic` to its end: waits for each step's report, then lets the server go on. */
export async function releaseEachStep(
  reported: (message: string) => Promise<void>,
  release: () => void,
  topic: string,
  steps: number,
): Promise<void> {
  for (let step = 1; step <= steps; step += 1) {
    await reported(`Step ${step} of ${steps}: ${topic}`);
    release();
  }
}
