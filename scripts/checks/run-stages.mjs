// Runs the stages of a check as child processes, at most `jobs` at a time, each once the stages it needs have
// passed. A stage's output is kept and printed whole when it ends, so two stages running side by side never
// interleave their lines; the caller prints the times (formatStageTimes) at the end.
import { spawn } from 'node:child_process';

/**
 * @typedef {{ name: string, command: string, args: string[], needs?: string[], env?: Record<string, string> }} Stage
 * @typedef {{ name: string, ok: boolean, seconds: number, skipped: boolean }} StageResult
 */

/** Runs one stage; resolves with its result and everything it printed. */
function runOne(stage) {
  return new Promise((resolve) => {
    const started = Date.now();
    const output = [];
    const child = spawn(stage.command, stage.args, {
      env: { ...process.env, ...stage.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const finish = (ok) =>
      resolve({
        result: { name: stage.name, ok, seconds: (Date.now() - started) / 1000, skipped: false },
        output: Buffer.concat(output).toString('utf8'),
      });
    child.once('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(false);
    });
    child.once('close', (code) => finish(code === 0));
  });
}

/**
 * Runs `stages` in list order as slots free up (`jobs` at a time); a stage whose `needs` failed is skipped.
 * `print` hears each stage's header, output and result line as one block when the stage ends.
 * @param {Stage[]} stages
 * @returns {Promise<StageResult[]>} in the order of `stages`
 */
export function runStages(stages, { jobs = 2, print = (text) => process.stdout.write(text) } = {}) {
  const results = new Map();
  const pending = [...stages];
  let running = 0;
  return new Promise((done) => {
    const startReady = () => {
      let started = true;
      while (started) {
        started = false;
        for (const stage of pending) {
          const needs = stage.needs ?? [];
          if (!needs.every((name) => results.has(name))) continue;
          if (needs.some((name) => !results.get(name).ok)) {
            pending.splice(pending.indexOf(stage), 1);
            results.set(stage.name, { name: stage.name, ok: false, seconds: 0, skipped: true });
            print(`\n=== ${stage.name}: skipped (needs ${needs.join(', ')})\n`);
            started = true;
            break;
          }
          if (running >= jobs) continue;
          pending.splice(pending.indexOf(stage), 1);
          running += 1;
          print(`=== ${stage.name}: started (${[stage.command, ...stage.args].join(' ')})\n`);
          void runOne(stage).then(({ result, output }) => {
            running -= 1;
            results.set(stage.name, result);
            const verdict = result.ok ? 'ok' : 'FAILED';
            print(`\n=== ${stage.name}\n${output}=== ${stage.name}: ${verdict} (${result.seconds.toFixed(1)} s)\n`);
            startReady();
          });
          started = true;
          break;
        }
      }
      if (running > 0) return;
      // Nothing runs and nothing can start: what is left needs a stage that is not in the list.
      for (const stage of pending.splice(0)) {
        results.set(stage.name, { name: stage.name, ok: false, seconds: 0, skipped: true });
        print(`\n=== ${stage.name}: skipped (needs a stage that is not run)\n`);
      }
      done(stages.map((stage) => results.get(stage.name)));
    };
    startReady();
  });
}

/** The closing table: one line a stage with its verdict and seconds, then the wall time of the whole check. */
export function formatStageTimes(results, wallSeconds) {
  const width = Math.max(...results.map((result) => result.name.length));
  const lines = results.map((result) => {
    const verdict = result.skipped ? 'skipped' : result.ok ? 'ok' : 'FAILED';
    return `  ${result.name.padEnd(width)}  ${verdict.padEnd(7)}  ${result.seconds.toFixed(1).padStart(6)} s`;
  });
  return [
    'Stage times:',
    ...lines,
    `  ${'wall'.padEnd(width)}  ${''.padEnd(7)}  ${wallSeconds.toFixed(1).padStart(6)} s`,
  ];
}
