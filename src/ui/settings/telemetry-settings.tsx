// Settings → Telemetry: what OpenTelemetry exports carry (docs/otel.md). Content is off unless ticked.
import { useLoupeStore } from '../../store/loupe-store-provider';
import { panelClass, panelTitleClass } from '../common/styles';

export function TelemetrySettings() {
  const telemetry = useLoupeStore((state) => state.settings.telemetry);
  const updateSettings = useLoupeStore((state) => state.updateSettings);
  return (
    <section aria-labelledby="telemetry-title" className={panelClass} role="group">
      <h2 id="telemetry-title" className={panelTitleClass}>
        Telemetry
      </h2>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          checked={telemetry.includeContent}
          onChange={(event) => updateSettings({ telemetry: { ...telemetry, includeContent: event.target.checked } })}
        />
        <span>
          Include message content
          <span className="block text-xs text-zinc-600 dark:text-zinc-400">
            OpenTelemetry exports then carry the system prompt, messages, tool definitions, arguments and results, with
            secrets redacted as in transcripts.
          </span>
        </span>
      </label>
    </section>
  );
}
