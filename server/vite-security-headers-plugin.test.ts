import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  mcpAppSandboxContentSecurityPolicy,
  sandboxWorkerContentSecurityPolicy,
} from './content-security-policy';
import { createSecurityHeaders, setSecurityHeaders } from './vite-security-headers-plugin';

function headersFor(url: string): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  const response = { setHeader: (name: string, value: string | string[]) => (headers[name] = value) };
  setSecurityHeaders({ url } as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

describe('setSecurityHeaders', () => {
  it('sends the policy and its companions with every response', () => {
    for (const url of ['/', '/assets/worker-entry-abc123.js', '/src/worker/worker-entry.ts?worker_file&type=module']) {
      const headers = headersFor(url);
      expect(headers['Content-Security-Policy']).toBe(contentSecurityPolicy);
      expect(headers['X-Frame-Options']).toBe('DENY');
    }
  });

  it('adds default-src none for the local-tool sandbox worker, in dev and in the build', () => {
    for (const url of [
      '/assets/sandbox-worker-entry-B2x_9a.js',
      '/src/worker/local-tools/sandbox-worker-entry.ts?worker_file&type=module',
    ])
      expect(headersFor(url)['Content-Security-Policy']).toEqual([
        contentSecurityPolicy,
        sandboxWorkerContentSecurityPolicy,
      ]);
    expect(headersFor('/assets/not-sandbox-worker-entry.txt')['Content-Security-Policy']).toBe(contentSecurityPolicy);
  });

  it('gives the MCP App sandbox page its own policy instead of the app policy, framed by Loupe only', () => {
    const headers = headersFor('/mcp-app-sandbox.html');
    expect(headers['Content-Security-Policy']).toBe(mcpAppSandboxContentSecurityPolicy);
    expect(headers['X-Frame-Options']).toBe('SAMEORIGIN');
    expect(headersFor('/mcp-app-sandbox.js')['Content-Security-Policy']).toBe(contentSecurityPolicy);
    expect(headersFor('/mcp-app-sandbox.html/../index.html')['X-Frame-Options']).toBe('DENY');
  });
});

describe('createSecurityHeaders', () => {
  const headersWith = (crossOriginIsolated: boolean, url: string) => {
    const headers: Record<string, string | string[]> = {};
    const response = { setHeader: (name: string, value: string | string[]) => (headers[name] = value) };
    createSecurityHeaders({ crossOriginIsolated })(
      { url } as IncomingMessage,
      response as unknown as ServerResponse,
      () => undefined,
    );
    return headers;
  };

  it('adds COOP and COEP credentialless to every response only when asked, the policy kept', () => {
    for (const url of ['/', '/assets/worker-entry-abc.js', '/mcp-app-sandbox.html']) {
      expect(headersWith(true, url)).toMatchObject({
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Embedder-Policy': 'credentialless',
      });
      expect(headersWith(false, url)['Cross-Origin-Embedder-Policy']).toBeUndefined();
    }
    expect(headersWith(true, '/')['Content-Security-Policy']).toBe(contentSecurityPolicy);
  });
});
