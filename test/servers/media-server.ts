// A test MCP server returning every kind of tool-result content, errors, and a slow cancellable tool.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { serveMcpHttp, type McpHttpHandle, type ServeMcpHttpOptions } from '../../server/serve-mcp-http';

/** A valid 1×1 red PNG. */
export const tinyPngBase64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

/** 16 bytes standing in for an audio clip; only its size and type matter to the client. */
export const tinyAudioBase64 = Buffer.from('RIFF\u0000\u0000\u0000\u0000WAVEfmt ').toString('base64');

/** A one-page PDF saying "Hello from Loupe", with a correct cross-reference table (so real readers open it). */
function buildTinyPdf(): string {
  const stream = 'BT /F1 18 Tf 20 40 Td (Hello from Loupe) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1').toString('base64');
}

/** A valid one-page PDF, base64. */
export const tinyPdfBase64 = buildTinyPdf();

export const weatherStructured = { city: 'Paris', temperatureC: 18, tags: ['mild', 'dry'] };

const text = (value: string) => ({ type: 'text' as const, text: value });

/** Resolves after `ms`, or rejects as soon as `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new Error('cancelled'));
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(new Error('cancelled'));
    }
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Observations a test can read after the fact. */
export interface MediaServerProbe {
  /** How many `sleep` calls saw their cancellation signal fire. */
  cancelledSleeps: number;
}

/** A new media test server; `probe` records what the tools observed. */
export function createMediaMcpServer(probe: MediaServerProbe = { cancelledSleeps: 0 }): McpServer {
  const server = new McpServer({ name: 'media-test', version: '0.0.1' }, { instructions: 'Media test server.' });
  const simple = (name: string, description: string, result: () => CallToolResult) =>
    server.registerTool(name, { description, annotations: { readOnlyHint: true } }, result);

  simple('image', 'A caption and a PNG image.', () => ({
    content: [text('A red pixel:'), { type: 'image', data: tinyPngBase64, mimeType: 'image/png' }],
  }));
  simple('svg', 'An image type the model cannot take.', () => ({
    content: [
      {
        type: 'image',
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'),
        mimeType: 'image/svg+xml',
      },
    ],
  }));
  simple('audio', 'A short audio clip.', () => ({
    content: [{ type: 'audio', data: tinyAudioBase64, mimeType: 'audio/wav' }],
  }));
  simple('resource', 'An embedded text resource and a blob resource.', () => ({
    content: [
      {
        type: 'resource',
        resource: { uri: 'file:///notes/readme.txt', mimeType: 'text/plain', text: 'Hello from a resource.' },
      },
      {
        type: 'resource',
        resource: { uri: 'file:///data/blob.bin', mimeType: 'application/octet-stream', blob: tinyAudioBase64 },
      },
    ],
  }));
  simple('pdf', 'A caption and a one-page PDF, as an embedded blob resource.', () => ({
    content: [
      text('The report:'),
      {
        type: 'resource',
        resource: { uri: 'file:///reports/hello.pdf', mimeType: 'application/pdf', blob: tinyPdfBase64 },
      },
    ],
  }));
  simple('resource_link', 'A link to a resource.', () => ({
    content: [
      { type: 'resource_link', uri: 'https://example.com/report.pdf', name: 'report.pdf', mimeType: 'application/pdf' },
    ],
  }));
  simple('mixed', 'Every content type at once.', () => ({
    content: [
      text('All kinds:'),
      { type: 'image', data: tinyPngBase64, mimeType: 'image/png' },
      { type: 'image', data: tinyPngBase64, mimeType: 'image/bmp' },
      { type: 'audio', data: tinyAudioBase64, mimeType: 'audio/wav' },
      { type: 'resource', resource: { uri: 'file:///notes/readme.txt', text: 'Hello from a resource.' } },
      { type: 'resource_link', uri: 'https://example.com/a', name: 'a' },
    ],
  }));
  server.registerTool(
    'structured',
    {
      description: 'A summary line plus structured content.',
      outputSchema: { city: z.string(), temperatureC: z.number(), tags: z.array(z.string()) },
      annotations: { readOnlyHint: true },
    },
    () => ({ content: [text('Weather for Paris.')], structuredContent: weatherStructured }),
  );
  simple('fail', 'Always reports a tool error.', () => ({
    content: [text('The tool failed: disk full.')],
    isError: true,
  }));
  simple('throw', 'Always throws.', () => {
    throw new Error('Boom: the handler threw.');
  });
  server.registerTool(
    'sleep',
    {
      description:
        'Waits `ms` milliseconds, reporting progress every 50 ms unless `progress` is false; stops when cancelled.',
      inputSchema: { ms: z.number().int().min(0), progress: z.boolean().optional() },
    },
    async ({ ms, progress }, extra): Promise<CallToolResult> => {
      const token = progress === false ? undefined : extra._meta?.progressToken;
      try {
        for (let elapsed = 0; elapsed < ms; elapsed += 50) {
          await sleep(Math.min(50, ms - elapsed), extra.signal);
          if (token !== undefined) {
            await extra.sendNotification({
              method: 'notifications/progress',
              params: { progressToken: token, progress: Math.min(elapsed + 50, ms), total: ms },
            });
          }
        }
      } catch (error) {
        if (extra.signal.aborted) probe.cancelledSleeps += 1;
        throw error;
      }
      return { content: [text(`Slept ${ms} ms.`)] };
    },
  );
  return server;
}

/** Starts the media test server on a free port of 127.0.0.1. */
export async function startMediaServer(
  options: ServeMcpHttpOptions = {},
): Promise<McpHttpHandle & { probe: MediaServerProbe }> {
  const probe: MediaServerProbe = { cancelledSleeps: 0 };
  const handle = await serveMcpHttp(() => createMediaMcpServer(probe), options);
  return { ...handle, probe };
}
