// Prints how long repairJson takes on 200,000-character pathological inputs (it is linear: each is a few ms).
import { repairJson } from '../src/engine/run/repair-json';

const N = 200_000;
const shapes: Record<string, string> = {
  'closing braces': '}'.repeat(N),
  'open arrays': '['.repeat(N),
  'trailing commas': '{"a":1' + ','.repeat(N),
  'spaces then a comma': '[1' + ' '.repeat(N) + ',',
  'comma before each close': '[' + '[1,],'.repeat(N / 5),
  'open string': '{"a":"' + 'x'.repeat(N),
};
for (const [name, text] of Object.entries(shapes)) {
  const started = performance.now();
  repairJson(text);
  console.info(`${name.padEnd(26)} ${(performance.now() - started).toFixed(1)} ms`);
}
