// Pure: a TypeScript program that sends a round's recorded request again with the provider's official SDK.
import type { ExportableRequest } from './describe-sent-request';

/** A runnable `.ts` file (`npx tsx round.ts`), or why the SDK cannot send this request. */
export function buildTypescriptSnippet(
  request: ExportableRequest,
  round: number,
): { ok: true; text: string } | { ok: false; reason: string } {
  if (!request.sdkBaseUrl.ok) return request.sdkBaseUrl;
  const baseUrl = JSON.stringify(request.sdkBaseUrl.url);
  const streaming = request.body['stream'] === true;
  const headers = Object.fromEntries(request.headers);
  const options = request.headers.length === 0 ? '' : `, { headers: ${JSON.stringify(headers, null, 2)} }`;
  const anthropic = request.api === 'anthropic';
  const key = request.auth ? `Needs ${request.auth.variable} in the environment.` : 'No key: the endpoint took none.';
  const client = anthropic
    ? ["import Anthropic from '@anthropic-ai/sdk';", '', `const client = new Anthropic({ baseURL: ${baseUrl} });`]
    : [
        "import OpenAI from 'openai';",
        '',
        request.auth
          ? `const client = new OpenAI({ baseURL: ${baseUrl} });`
          : `const client = new OpenAI({ baseURL: ${baseUrl}, apiKey: 'none', defaultHeaders: { Authorization: null } });`,
      ];
  const params = anthropic
    ? `Anthropic.MessageCreateParams${streaming ? 'Streaming' : 'NonStreaming'}`
    : `OpenAI.ChatCompletionCreateParams${streaming ? 'Streaming' : 'NonStreaming'}`;
  const call = anthropic ? 'client.messages.create' : 'client.chat.completions.create';
  return {
    ok: true,
    text: [
      `// Round ${round} of a Loupe run, exactly as sent. ${key} Run with: npx tsx round-${round}.ts`,
      ...request.notes.map((note) => `// ${note}`),
      ...client,
      '',
      `const body: ${params} = ${JSON.stringify(request.body, null, 2)};`,
      '',
      `const reply = await ${call}(body${options});`,
      streaming
        ? 'for await (const event of reply) console.log(JSON.stringify(event));'
        : 'console.log(JSON.stringify(reply, null, 2));',
      '',
    ].join('\n'),
  };
}
