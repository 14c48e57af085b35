import { describe, expect, it } from 'vitest';
import { collectExportSecrets } from './collect-export-secrets';

const credentials = {
  anthropic: { apiKey: 'sk-ant-anthropic-key', rememberKey: false, baseUrl: 'https://api.anthropic.com' },
  'openai-compatible': {
    apiKey: 'sk-openai-other-key',
    rememberKey: false,
    baseUrl: 'https://gateway.example/v1?tenant=tenant-secret',
  },
};

describe('collectExportSecrets', () => {
  it('gathers every provider key, base URL secrets, credential headers and server URL secrets', () => {
    const secrets = collectExportSecrets({
      settings: { apiKey: 'sk-ant-anthropic-key', baseUrl: 'https://api.anthropic.com', credentials },
      servers: [
        {
          url: 'https://mcp.example/hooks/path-secret-1/mcp?key=query-secret',
          secretPathSegments: ['path-secret-1'],
          headers: {
            Authorization: 'Bearer bearer-token-1',
            'X-Api-Key': 'header-api-key',
            'Loupe-Helper-Token': 'helper-token-9',
            'X-Team': 'team-name-is-public',
            Accept: 'application/json',
          },
        },
      ],
    });
    expect(secrets).toEqual(
      expect.arrayContaining([
        'sk-ant-anthropic-key',
        'sk-openai-other-key',
        'tenant-secret',
        'path-secret-1',
        'query-secret',
        'Bearer bearer-token-1',
        'bearer-token-1',
        'header-api-key',
        'helper-token-9',
      ]),
    );
    expect(secrets).not.toContain('team-name-is-public');
    expect(secrets).not.toContain('application/json');
  });

  it('finds nothing to hide for the demo model without servers', () => {
    const empty = { apiKey: '', rememberKey: false, baseUrl: '' };
    expect(
      collectExportSecrets({
        settings: { apiKey: '', baseUrl: '', credentials: { anthropic: empty, 'openai-compatible': empty } },
        servers: [],
      }),
    ).toEqual([]);
  });
});
