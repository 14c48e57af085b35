// `--reporter name[=file]`: what the headless runner writes besides its plain lines. Pure.

export type Reporter =
  { kind: 'plain' } | { kind: 'github' } | { kind: 'junit'; path: string } | { kind: 'json'; path: string };

const DEFAULT_FILES = { junit: 'loupe-results.xml', json: 'loupe-results.json' } as const;

/** Reads one reporter, or a sentence saying what is wrong. */
export function parseReporter(text: string | undefined): Reporter | string {
  const [name = '', ...rest] = (text ?? '').split('=');
  const path = rest.join('=');
  if (name === 'plain' || name === 'github') {
    if (rest.length > 0) return `--reporter ${name} writes to the console and takes no file.`;
    return { kind: name };
  }
  if (name === 'junit' || name === 'json') {
    if (rest.length > 0 && path === '') return `--reporter ${name}= needs a file name.`;
    return { kind: name, path: path || DEFAULT_FILES[name] };
  }
  return '--reporter takes junit[=file.xml], json[=file.json], github or plain.';
}
