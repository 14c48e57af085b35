// `npm run loupe -- convert <file> --to <transcript|html|har|otlp> [--content] [--out <file>]`, parsed. Pure.

/** The output formats (run-convert-command's FORMATS writes each). */
export const CONVERT_FORMATS = ['transcript', 'html', 'har', 'otlp'] as const;
export type ConvertFormat = (typeof CONVERT_FORMATS)[number];

export interface ConvertCommand {
  command: 'convert';
  inputPath: string;
  to: ConvertFormat;
  /** Put message content into an OTLP file (off by default, as in the app). */
  content: boolean;
  /** Where to write; default: the input's name with `.transcript.json`, `.html`, `.har` or `.otlp.json`. */
  outPath?: string;
}

export const CONVERT_USAGE = `Usage: npm run loupe -- convert <file> --to <transcript|html|har|otlp> [--content] [--out <file>]

Converts a Loupe transcript (or an HTML file Loupe exported), an OTLP/JSON GenAI trace, a Messages API or Chat
Completions request body, or a curl carrying one.
  --to transcript    write a Loupe transcript (docs/sharing.md)
  --to html          write one self-contained HTML file of the run, readable offline (docs/sharing.md)
  --to har           write the run's model requests as a HAR 1.2 file (docs/sharing.md)
  --to otlp          write OpenTelemetry GenAI spans as an OTLP/JSON ExportTraceServiceRequest (docs/otel.md)
  --content          include message content (system, messages, tool arguments and results)
  --out <file>       where to write (default: <file> with .transcript.json, .html, .har or .otlp.json)
Exit code: 0 written, 2 the input could not be read (the reason on stderr).`;

export type ConvertParse = { ok: true; value: ConvertCommand } | { ok: false; message: string };

/** Parses the arguments after `convert`. */
export function parseConvertArgs(rest: readonly string[]): ConvertParse {
  let inputPath = '';
  let to: string | undefined;
  let content = false;
  let outPath: string | undefined;
  for (let index = 0; index < rest.length; index += 1) {
    const arg = rest[index] ?? '';
    if (arg === '--content') content = true;
    else if (arg === '--to' || arg === '--out') {
      const value = rest[index + 1];
      index += 1;
      if (value === undefined || value.startsWith('--')) return { ok: false, message: `${arg} needs a value.` };
      if (arg === '--to') to = value;
      else outPath = value;
    } else if (arg.startsWith('-')) return { ok: false, message: `Unknown option ${arg}. ${CONVERT_USAGE}` };
    else if (inputPath !== '') return { ok: false, message: `One file at a time (got "${inputPath}" and "${arg}").` };
    else inputPath = arg;
  }
  if (inputPath === '') return { ok: false, message: `Name the file to convert. ${CONVERT_USAGE}` };
  const format = CONVERT_FORMATS.find((name) => name === to);
  if (format === undefined) return { ok: false, message: `--to takes ${CONVERT_FORMATS.join(', ')}.` };
  return { ok: true, value: { command: 'convert', inputPath, to: format, content, ...(outPath ? { outPath } : {}) } };
}
