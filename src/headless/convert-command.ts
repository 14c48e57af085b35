// `npm run loupe -- convert <file> --to <format> [--out <file>]`: a file Loupe reads written as another format.
import { convertRequestText, findRequestTexts } from '../engine/request-import/convert-request-text';
import { describeProblem } from '../engine/transcript/transcript-problem';

export interface ConvertIo {
  readFile(path: string): Promise<string>;
  writeFile(path: string, text: string): Promise<void>;
  out(text: string): void;
  err(line: string): void;
  appVersion: string;
  now(): number;
}

/** A Loupe transcript's text, from a provider request body / curl or a transcript (passed through). */
type ToTranscript = (text: string, io: ConvertIo) => { ok: true; text: string } | { ok: false; message: string };

const toTranscript: ToTranscript = (text, io) => {
  const texts = findRequestTexts(text);
  if (!texts) {
    if (/"format"\s*:\s*"loupe-transcript"/.test(text)) return { ok: true, text };
    return { ok: false, message: 'expected a provider request body, a curl carrying one, or a Loupe transcript' };
  }
  const converted = convertRequestText(texts, {
    runId: 'run_converted',
    now: io.now(),
    app: { name: 'Loupe', version: io.appVersion },
  });
  if (!converted.ok) return { ok: false, message: converted.problems.map(describeProblem).join(' ') };
  return { ok: true, text: `${JSON.stringify(converted.transcript, null, 2)}\n` };
};

/**
 * Output formats, one line each (issue 34 adds `otlp`; issue 35's `html` and `har` belong here too). Each takes
 * the input's transcript text and returns the file's text.
 */
const FORMATS: Record<string, (transcript: string) => string> = {
  transcript: (transcript) => transcript,
};

export const CONVERT_USAGE = `Usage: npm run loupe -- convert <file> --to ${Object.keys(FORMATS).join('|')} [--out <file>]`;

/** Runs the command; the exit code: 0 written, 2 refused (the reason on stderr). */
export async function runConvertCommand(argv: readonly string[], io: ConvertIo): Promise<number> {
  const [path, ...rest] = argv;
  const to = rest[rest.indexOf('--to') + 1];
  const outAt = rest.indexOf('--out');
  const outPath = outAt >= 0 ? rest[outAt + 1] : undefined;
  if (
    !path ||
    path.startsWith('--') ||
    rest.indexOf('--to') < 0 ||
    !to ||
    !(to in FORMATS) ||
    (outAt >= 0 && !outPath)
  ) {
    io.err(CONVERT_USAGE);
    return 2;
  }
  const transcript = toTranscript(await io.readFile(path), io);
  if (!transcript.ok) {
    io.err(`${path}: ${transcript.message}`);
    return 2;
  }
  const text = FORMATS[to]!(transcript.text);
  if (outPath) await io.writeFile(outPath, text);
  else io.out(text);
  return 0;
}
