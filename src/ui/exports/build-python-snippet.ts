// Pure: a Python program that sends a round's recorded request again with the provider's official SDK.
import type { ExportableRequest } from './describe-sent-request';
import { toPythonLiteral } from './to-python-literal';

/** A runnable `.py` file, or why the SDK cannot send this request. */
export function buildPythonSnippet(
  request: ExportableRequest,
  round: number,
): { ok: true; text: string } | { ok: false; reason: string } {
  if (!request.sdkBaseUrl.ok) return request.sdkBaseUrl;
  const baseUrl = JSON.stringify(request.sdkBaseUrl.url);
  const anthropic = request.api === 'anthropic';
  const streaming = request.body['stream'] === true;
  const key = request.auth ? `Needs ${request.auth.variable} in the environment.` : 'No key: the endpoint took none.';
  const headers =
    request.headers.length === 0 ? '' : `, extra_headers=${toPythonLiteral(Object.fromEntries(request.headers))}`;
  const client = anthropic
    ? ['import anthropic', '', `client = anthropic.Anthropic(base_url=${baseUrl})`]
    : [
        'import openai',
        '',
        request.auth
          ? `client = openai.OpenAI(base_url=${baseUrl})`
          : `client = openai.OpenAI(base_url=${baseUrl}, api_key="none")  # the SDK wants some key; the endpoint ignores it`,
      ];
  const call = anthropic ? 'client.messages.create' : 'client.chat.completions.create';
  return {
    ok: true,
    text: [
      `# Round ${round} of a Loupe run, exactly as sent. ${key} pip install ${anthropic ? 'anthropic' : 'openai'}`,
      ...request.notes.map((note) => `# ${note}`),
      ...client,
      '',
      `body = ${toPythonLiteral(request.body)}`,
      '',
      `reply = ${call}(**body${headers})`,
      ...(streaming ? ['for event in reply:', '    print(event)'] : ['print(reply)']),
      '',
    ].join('\n'),
  };
}
