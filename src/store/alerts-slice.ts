// Alerts: errors the person must see (failed commands, bad input), shown as role=alert until dismissed.
import type { AlertsSlice, GetLoupeState, SetLoupeState, SliceDependencies } from './loupe-state';

const MAX_ALERTS = 5;

export function createAlertsSlice(set: SetLoupeState, _get: GetLoupeState, deps: SliceDependencies): AlertsSlice {
  return {
    alerts: [],
    pushAlert(message) {
      set((state) => ({ alerts: [...state.alerts, { id: deps.createId(), message }].slice(-MAX_ALERTS) }));
    },
    dismissAlert(id) {
      set((state) => ({ alerts: state.alerts.filter((alert) => alert.id !== id) }));
    },
  };
}
