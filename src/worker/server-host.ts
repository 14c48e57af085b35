// The worker's MCP servers: their registry, the features and OAuth sign-in each connection gets, and the
// commands that add, change and browse them.
import type { McpFeatureCommand } from '../protocol/mcp-feature-messages';
import { PROTOCOL_VERSION, type WorkerMessage } from '../protocol/messages';
import type { OAuthCommand } from '../protocol/oauth-messages';
import type { ProviderSettings } from '../protocol/settings';
import type { Model } from '../engine/model/model';
import type { RunEnvironment } from '../engine/run/run-options';
import { answerEach, type CommandTable } from './command-table';
import { createMcpFeatureHost } from './mcp-feature-host';
import { createOAuthHost } from './oauth-host';
import { ServerRegistry, type ConnectServer } from './server-registry';

export interface ServerHostDependencies {
  post: (message: WorkerMessage) => void;
  connectServer: ConnectServer;
  /** The model a server's sampling request runs on. */
  createModel: (provider: ProviderSettings) => Model;
  environment: RunEnvironment;
}

type ServerCommandType = 'server-add' | 'server-update' | 'server-remove';

export interface ServerHost {
  servers: ServerRegistry;
  /** A signed-in server's access token for the MCP connector, renewed when it has ended. */
  signInToken: (serverId: string) => Promise<string>;
  commands: CommandTable<ServerCommandType | McpFeatureCommand['type'] | OAuthCommand['type']>;
}

export function createServerHost(deps: ServerHostDependencies): ServerHost {
  const post = deps.post;
  // Each connection gets the features' and OAuth's handlers, and those hosts act on the registry's
  // connections: they read it lazily, once it exists (they only do so when a command or a server asks).
  const features = createMcpFeatureHost({
    post: (event) => post({ v: PROTOCOL_VERSION, type: 'mcp-feature', event }),
    createModel: (provider) => deps.createModel(provider),
    createId: (prefix) => deps.environment.createId(prefix),
    now: () => deps.environment.now(),
    servers: () => servers,
  });
  const oauth = createOAuthHost({
    post: (event) => post({ v: PROTOCOL_VERSION, type: 'oauth', event }),
    servers: () => servers,
    now: () => deps.environment.now(),
  });
  const servers = new ServerRegistry(
    deps.connectServer,
    (state) => post({ v: PROTOCOL_VERSION, type: 'server-state', state }),
    (config) => ({ ...features.extrasFor(config), ...oauth.extrasFor(config) }),
  );

  return {
    servers,
    signInToken: (serverId) => oauth.accessToken(serverId),
    commands: {
      'server-add': ({ server }) => {
        servers.add(server);
        return null;
      },
      'server-update': ({ server }) => {
        servers.update(server);
        return null;
      },
      'server-remove': async ({ serverId }) => {
        await servers.remove(serverId);
        post({ v: PROTOCOL_VERSION, type: 'server-removed', serverId });
        return null;
      },
      ...answerEach<McpFeatureCommand['type']>(
        {
          'mcp-resources-list': true,
          'mcp-resource-read': true,
          'mcp-prompts-list': true,
          'mcp-prompt-get': true,
          'mcp-skills-list': true,
          'mcp-skill-load': true,
          'mcp-log-level': true,
          'elicitation-answer': true,
          'sampling-answer': true,
        },
        (command) => features.execute(command),
      ),
      ...answerEach<OAuthCommand['type']>(
        { 'oauth-complete': true, 'oauth-sign-out': true, 'oauth-restore': true },
        (command) => oauth.execute(command),
      ),
    },
  };
}
