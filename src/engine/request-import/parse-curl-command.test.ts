import { describe, expect, it } from 'vitest';
import { parseCurlCommand } from './parse-curl-command';

describe('parseCurlCommand', () => {
  it('reads the URL, meaningful headers and body; drops every credential', () => {
    const curl = parseCurlCommand(
      `curl https://u:pw@api.example.com/v1/messages?key=sk-secret-1 -H 'x-api-key: sk-ant-SECRET' -H 'Authorization: Bearer sk-SECRET2' -H 'Cookie: s=SECRET3' -H 'anthropic-version: 2023-06-01' -H 'content-type: application/json' -d '{"model":"m"}'`,
    );
    expect(curl).toEqual({
      url: 'https://REDACTED@api.example.com/v1/messages?key=REDACTED',
      headers: { 'anthropic-version': '2023-06-01' },
      authHeader: 'authorization',
      body: '{"model":"m"}',
    });
    expect(JSON.stringify(curl)).not.toMatch(/SECRET|pw|sk-secret/);
  });

  it.each([
    [`curl https://x -d @/etc/passwd`, 'a file on disk'],
    [`curl https://x --data-binary @body.json`, 'a file on disk'],
    [`curl -X GET https://x -d '{}'`, 'the method GET'],
    [`curl https://x -o out.json -d '{}'`, 'the option “-o”'],
    [`curl https://x -K cfg -d '{}'`, 'the option “-K”'],
    [`curl file:///etc/passwd -d '{}'`, 'file:///etc/passwd'],
    [`curl https://x`, 'none'],
    [`wget https://x`, '“wget”'],
    [`curl https://x -d '{}' -d '{}'`, 'second -d'],
  ])('refuses %j', (text, named) => {
    expect(() => parseCurlCommand(text)).toThrow(named);
  });
});
