// The protocol log pane (and the log view it shows) loads as its own chunk the first time it is opened: the
// first paint never shows it (issue 16).
import { lazyComponent } from '../common/lazy-component';

export const ProtocolLogPane = lazyComponent(
  async () => ({ ProtocolLogPane: (await import('./protocol-log-pane')).ProtocolLogPane }),
  'ProtocolLogPane',
);
