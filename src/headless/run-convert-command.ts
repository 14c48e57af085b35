// `npm run loupe -- convert`: a Loupe transcript, a provider request body or a curl carrying one, written as a
// transcript, one HTML file, a HAR file or OTLP/JSON, read with the app's own import (the same checks, the same words for what is
// wrong). Exit 0 written, 2 unreadable input (the reason on stderr, nothing written).
import { transcriptsToOtlp } from '../engine/otel/transcript-to-otlp';
import { buildHarFile } from '../engine/har/build-har-file';
import { transcriptToExchanges } from '../engine/har/transcript-to-har';
import { buildHtmlFile } from '../engine/html-file/build-html-file';
import type { Transcript } from '../engine/transcript/transcript';
import type { ConvertCommand } from './parse-convert-args';
import { readConvertInput } from './read-convert-input';

export interface ConvertIo {
  readFile: (path: string) => Promise<string>;
  writeFile: (path: string, text: string) => Promise<void>;
  out: (line: string) => void;
  err: (line: string) => void;
  appVersion: string;
  now: () => number;
}

/** What a written file's name ends with, by format (beside the input by default). */
const EXTENSIONS: Record<ConvertCommand['to'], string> = {
  transcript: '.transcript.json',
  html: '.html',
  har: '.har',
  otlp: '.otlp.json',
};

function defaultOut(input: string, to: ConvertCommand['to']): string {
  return `${input.replace(/\.(json|html?)$/i, '')}${EXTENSIONS[to]}`;
}

/** What a format writes, and the line that says so. */
interface Written {
  text: string;
  summary: string;
}

/** The output formats, one line each: the input's transcript written as that format. */
const FORMATS: Record<
  ConvertCommand['to'],
  (transcript: Transcript, command: ConvertCommand, io: ConvertIo) => Written
> = {
  transcript: (transcript) => ({
    text: `${JSON.stringify(transcript, null, 2)}\n`,
    summary: `a transcript of ${transcript.rounds.length} round(s)`,
  }),
  html: (transcript) => ({
    text: buildHtmlFile(transcript),
    summary: `one HTML file of ${transcript.rounds.length} round(s), readable offline`,
  }),
  har: (transcript, _command, io) => {
    const har = buildHarFile(transcriptToExchanges(transcript), { version: io.appVersion });
    return {
      text: `${JSON.stringify(har, null, 2)}\n`,
      summary: `a HAR 1.2 file of ${har.log.entries.length} model request(s)`,
    };
  },
  otlp: (transcript, command, io) => {
    const request = transcriptsToOtlp([transcript], { content: command.content, appVersion: io.appVersion });
    const spans = request.resourceSpans.reduce(
      (sum, r) => sum + r.scopeSpans.reduce((n, s) => n + s.spans.length, 0),
      0,
    );
    return {
      text: `${JSON.stringify(request, null, 2)}\n`,
      summary: `${spans} spans${command.content ? ', with message content' : ''}`,
    };
  },
};

export async function runConvertCommand(command: ConvertCommand, io: ConvertIo): Promise<number> {
  let text: string;
  try {
    text = await io.readFile(command.inputPath);
  } catch (error) {
    io.err(`${command.inputPath}: cannot read the file (${error instanceof Error ? error.message : String(error)}).`);
    return 2;
  }
  const input = readConvertInput(text, { appVersion: io.appVersion, now: io.now() });
  if (!input.ok) {
    io.err(`${command.inputPath} is not something Loupe can convert:`);
    for (const problem of input.problems) io.err(`  ${problem}`);
    return 2;
  }
  const outPath = command.outPath ?? defaultOut(command.inputPath, command.to);
  const written = FORMATS[command.to](input.transcript, command, io);
  await io.writeFile(outPath, written.text);
  io.out(`Wrote ${outPath}: ${written.summary} (from ${input.from}).`);
  return 0;
}
