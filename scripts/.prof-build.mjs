import { build } from 'esbuild';
const [root, out] = process.argv.slice(2);
await build({ entryPoints: [`${root}/scripts/bench/engine-loops.ts`], bundle: true, platform: 'node', format: 'esm', target: 'es2022', outfile: out, logLevel: 'error' });
