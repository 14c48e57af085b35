import { SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';

/** An HTTP failure as the v2 client throws it (-1: a reply that is neither JSON nor an event stream). */
function httpError(status: number, message: string): Error {
  if (status === -1) return new SdkError(SdkErrorCode.ClientHttpUnexpectedContent, message);
  return new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, message, { status });
}
import { describe, expect, it, vi } from 'vitest';
import { diagnoseConnectionError } from './diagnose-connection-error';

const url = 'http://localhost:3001/mcp';
const answers = () => Promise.resolve(true);
const silent = () => Promise.resolve(false);

describe('diagnoseConnectionError', () => {
  it('reports an invalid URL without probing', async () => {
    const probe = vi.fn(answers);
    expect((await diagnoseConnectionError(new TypeError('Invalid URL'), 'localhost:3001 mcp', probe)).kind).toBe(
      'invalid-url',
    );
    expect((await diagnoseConnectionError(new Error('x'), 'ftp://host/mcp', probe)).kind).toBe('invalid-url');
    expect(probe).not.toHaveBeenCalled();
  });

  it('tells CORS from unreachable with the probe when the browser says "Failed to fetch"', async () => {
    const cors = await diagnoseConnectionError(new TypeError('Failed to fetch'), url, answers);
    expect(cors.kind).toBe('cors');
    expect(cors.hint).toContain('Access-Control-Allow-Origin');
    expect(cors.hint).toContain('Mcp-Session-Id');
    expect(cors.hint).toContain('npm start');
    expect(cors.hint).toContain('Mcp-Method');
    const unreachable = await diagnoseConnectionError(new TypeError('Failed to fetch'), url, silent);
    expect(unreachable.kind).toBe('unreachable');
    expect(unreachable.hint).toMatch(/running/);
  });

  it('skips the probe when the runtime already says the connection was refused', async () => {
    const probe = vi.fn(answers);
    const error = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    });
    expect((await diagnoseConnectionError(error, url, probe)).kind).toBe('unreachable');
    expect(probe).not.toHaveBeenCalled();
  });

  it('reads the HTTP status from the SDK error', async () => {
    expect((await diagnoseConnectionError(httpError(404, 'Error POSTing to endpoint: <html>'), url, silent)).kind).toBe(
      'not-mcp',
    );
    expect((await diagnoseConnectionError(httpError(405, 'Method not allowed'), url, silent)).hint).toContain('/mcp');
    expect((await diagnoseConnectionError(httpError(-1, 'Unexpected content type: text/html'), url, silent)).kind).toBe(
      'not-mcp',
    );
    const auth = await diagnoseConnectionError(httpError(401, 'Unauthorized'), url, silent);
    expect(auth.kind).toBe('auth');
    expect(auth.hint).toContain('Authorization');
    expect((await diagnoseConnectionError(httpError(403, 'Forbidden'), url, silent)).kind).toBe('auth');
    const http = await diagnoseConnectionError(httpError(500, 'boom'), url, silent);
    expect(http).toMatchObject({ kind: 'http', message: 'The server answered HTTP 500: boom.' });
  });

  it('reports a non-JSON-RPC answer as not MCP, a timeout as unreachable, anything else as unknown', async () => {
    expect((await diagnoseConnectionError(new SyntaxError('Unexpected token <'), url, silent)).kind).toBe('not-mcp');
    expect(
      (await diagnoseConnectionError(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out'), url, silent)).kind,
    ).toBe('unreachable');
    const unknown = await diagnoseConnectionError(
      new Error("Server's protocol version is not supported: 1999"),
      url,
      silent,
    );
    expect(unknown.kind).toBe('unknown');
    expect(unknown.message).toContain('protocol version');
  });
});

describe('diagnoseConnectionError after a server/discover probe', () => {
  it('reads the network error under an era-negotiation failure', async () => {
    const probeFailure = new SdkError(
      SdkErrorCode.EraNegotiationFailed,
      'Version negotiation probe failed: Failed to fetch',
      undefined,
      { cause: new TypeError('Failed to fetch') },
    );
    const problem = await diagnoseConnectionError(probeFailure, 'http://localhost:1/mcp', () => Promise.resolve(false));
    expect(problem.kind).toBe('unreachable');
  });
});
