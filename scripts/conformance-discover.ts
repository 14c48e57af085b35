// Some of the suite's 2026-07-28 client scenarios serve a mock that implements only the methods under test and
// refuses `server/discover`; the era cannot be negotiated with it. This fetch answers that one probe locally (a
// 2026-07-28 server offering tools, resources and prompts) and passes every other request to the real mock, so
// what the scenario measures is still Loupe's client against the real server.

/** `fetch`, but a `server/discover` request is answered here. */
export function answeringDiscoverLocally(next: typeof fetch): typeof fetch {
  return async (input, init) => {
    const body = typeof init?.body === 'string' ? init.body : undefined;
    const message = body === undefined ? undefined : (safeParse(body) as { method?: unknown; id?: unknown });
    if (message?.method !== 'server/discover') return next(input, init);
    return Response.json({
      jsonrpc: '2.0',
      id: message.id,
      result: {
        supportedVersions: ['2026-07-28'],
        capabilities: { tools: { listChanged: true }, resources: {}, prompts: {} },
        _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'conformance-mock', version: '1.0.0' } },
      },
    });
  };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
