// Errors from commands (a failed export, a model list that would not load…), each dismissable.
import { useLoupeStore } from '../../store/loupe-store-provider';
import { smallButtonClass } from '../common/styles';

export function AlertList() {
  const alerts = useLoupeStore((state) => state.alerts);
  const dismissAlert = useLoupeStore((state) => state.dismissAlert);
  if (alerts.length === 0) return null;
  return (
    <div className="space-y-2">
      {alerts.map((alert) => (
        <div
          key={alert.id}
          role="alert"
          className="flex items-start justify-between gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-2.5 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300"
        >
          <p>{alert.message}</p>
          <button type="button" className={smallButtonClass} onClick={() => dismissAlert(alert.id)}>
            Dismiss
          </button>
        </div>
      ))}
    </div>
  );
}
