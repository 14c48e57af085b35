import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  isMcpAppSandboxPath,
  mcpAppSandboxContentSecurityPolicy,
  mcpAppSandboxHeaders,
  metaContentSecurityPolicy,
  sandboxWorkerContentSecurityPolicy,
  securityHeaders,
} from './content-security-policy';

const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/) as [string, ...string[]])
      .map(([n, ...v]) => [n, v]),
  );

describe('the Content-Security-Policy', () => {
  it('forbids framing, inline script and eval, and allows WebAssembly for the local-tool sandbox', () => {
    const policy = directives(contentSecurityPolicy);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(contentSecurityPolicy).not.toContain("'unsafe-eval'");
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
  });

  it('leaves frame-ancestors out of the <meta> only (a meta cannot carry it)', () => {
    expect(metaContentSecurityPolicy).not.toContain('frame-ancestors');
    expect(`${metaContentSecurityPolicy}; frame-ancestors 'none'`).toBe(contentSecurityPolicy);
  });

  it('is what public/_headers sends on static hosts, and what docs/SECURITY.md gives for nginx', () => {
    const file = readFileSync(new URL('../public/_headers', import.meta.url), 'utf8');
    const blocks: Record<string, Record<string, string>> = {};
    let path = '';
    for (const line of file.split('\n')) {
      if (line.startsWith('/')) path = line.trim();
      else if (line.startsWith('  !')) (blocks[path] ??= {})[line.slice(3).trim()] = '(detached)';
      else if (line.startsWith('  ')) {
        const colon = line.indexOf(':');
        (blocks[path] ??= {})[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
      }
    }
    expect(blocks).toEqual({
      '/*': securityHeaders,
      '/assets/sandbox-worker-entry-*': { 'Content-Security-Policy': sandboxWorkerContentSecurityPolicy },
      '/mcp-app-sandbox.html': mcpAppSandboxHeaders,
    });
    const security = readFileSync(new URL('../docs/SECURITY.md', import.meta.url), 'utf8');
    for (const [name, value] of Object.entries(securityHeaders))
      expect(security).toContain(`add_header ${name} "${value}" always;`);
  });

  it('gives the MCP App sandbox page an opaque origin, framing by Loupe only, and no eval', () => {
    const policy = directives(mcpAppSandboxContentSecurityPolicy);
    expect(policy.get('sandbox')).toEqual(['allow-scripts']);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(mcpAppSandboxContentSecurityPolicy).not.toContain('unsafe-eval');
    expect(mcpAppSandboxContentSecurityPolicy).not.toContain('allow-same-origin');
    expect(mcpAppSandboxHeaders['X-Frame-Options']).toBe('SAMEORIGIN');
    expect(isMcpAppSandboxPath('/mcp-app-sandbox.html')).toBe(true);
    expect(isMcpAppSandboxPath('/mcp-app-sandbox.html?x=1')).toBe(true);
    expect(isMcpAppSandboxPath('/mcp-app-sandbox.html.evil')).toBe(false);
    expect(isMcpAppSandboxPath('/x/mcp-app-sandbox.html')).toBe(false);
  });
});
