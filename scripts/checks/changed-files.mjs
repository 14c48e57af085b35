// What `npm run check:fast` checks: the files changed against HEAD (staged, unstaged and untracked ones git does
// not ignore), or with a base revision everything since the branch left it as well.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function git(args) {
  return execFileSync('git', args, { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * The changed paths (relative to the repository root, deleted ones left out), sorted, each once.
 * @param {{ base?: string }} options `base`: a revision; the changes since its merge base with HEAD count too.
 */
export function listChangedFiles({ base } = {}) {
  const since = base === undefined ? 'HEAD' : git(['merge-base', base, 'HEAD'])[0];
  const paths = [...git(['diff', '--name-only', since]), ...git(['ls-files', '--others', '--exclude-standard'])];
  return [...new Set(paths)].filter((path) => existsSync(path)).sort();
}

const lintable = /\.(ts|tsx|js|mjs|cjs)$/;
const typed = /\.(ts|tsx)$/;
const testFile = /\.test\.tsx?$/;

/**
 * Which checks a set of changed files calls for. Typecheck projects as the tsconfig files split the tree: the
 * node project holds the tests, which import every layer, so any TypeScript change rechecks it; the app and
 * worker projects only for source under src/ (a test or a script is in neither). A tsconfig, the lock file or
 * package.json changes what every project sees.
 * @param {string[]} files
 */
export function planChecks(files) {
  const everything = files.some((file) => /^(tsconfig.*\.json|package(-lock)?\.json)$/.test(file));
  const source = files.some((file) => file.startsWith('src/') && typed.test(file) && !testFile.test(file));
  const anyTyped = files.some((file) => typed.test(file));
  const projects = [...(everything || source ? ['app', 'worker'] : []), ...(everything || anyTyped ? ['node'] : [])];
  return {
    format: files,
    lint: files.filter((file) => lintable.test(file)),
    projects,
    related: files.filter((file) => lintable.test(file)),
  };
}
