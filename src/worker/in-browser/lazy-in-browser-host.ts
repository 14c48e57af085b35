// The in-browser provider's host as the worker starts it: a stand-in that imports the real one with the first
// in-browser command, so an engine whose person never picks the provider carries none of it.
import { IN_BROWSER_COMMAND_TYPES, type InBrowserCommand } from '../../protocol/in-browser-messages';
import { answerEach, routeCommand, type CommandTable } from '../command-table';
import type { InBrowserHost, InBrowserHostDependencies } from './in-browser-host';
import { createUnloadedInBrowserModel } from './unloaded-in-browser-model';

export function createLazyInBrowserHost(deps: InBrowserHostDependencies): InBrowserHost {
  let host: InBrowserHost | undefined;
  let loading: Promise<InBrowserHost> | undefined;
  const load = () =>
    (loading ??= import('./in-browser-host').then((module) => (host = module.createInBrowserHost(deps))));
  const execute = async (command: InBrowserCommand): Promise<unknown> =>
    // The real host's table answers exactly these command types.
    routeCommand((await load()).commands as unknown as CommandTable, command);
  return {
    commands: answerEach(IN_BROWSER_COMMAND_TYPES, execute),
    // No command yet means no model loaded in this engine.
    createModel: (provider) => host?.createModel(provider) ?? createUnloadedInBrowserModel(provider.model),
  };
}
