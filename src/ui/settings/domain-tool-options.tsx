// The options web search and web fetch share: uses per request and which domains.
import type { DomainToolSettings } from '../../shared/api-tool-settings';
import { Field } from '../common/field';
import { inputClass } from '../common/styles';
import { WholeNumberField } from '../common/whole-number-field';

interface DomainToolOptionsProps {
  /** "Search" or "Fetch": names the fields apart (`Search max uses`, `Fetch allowed domains`). */
  prefix: string;
  value: DomainToolSettings;
  onChange: (next: DomainToolSettings) => void;
}

/** One domain a line; lines are kept as typed (the request trims them and drops empty ones). */
function DomainList({
  label,
  hint,
  lines,
  onChange,
}: {
  label: string;
  hint: string;
  lines: string[];
  onChange: (lines: string[]) => void;
}) {
  return (
    <Field label={label} hint={hint}>
      {(control) => (
        <textarea
          {...control}
          rows={2}
          className={`${inputClass} font-mono`}
          value={lines.join('\n')}
          onChange={(event) => onChange(event.target.value === '' ? [] : event.target.value.split('\n'))}
        />
      )}
    </Field>
  );
}

export function DomainToolOptions({ prefix, value, onChange }: DomainToolOptionsProps) {
  return (
    <div className="space-y-2 border-l-2 border-zinc-200 pl-3 dark:border-zinc-800">
      <WholeNumberField
        label={`${prefix} max uses`}
        optional
        value={value.maxUses}
        min={1}
        max={1000}
        hint="Per request; empty = the API's default."
        onCommit={(maxUses) => {
          const { maxUses: _old, ...rest } = value;
          onChange(maxUses === undefined ? rest : { ...rest, maxUses });
        }}
      />
      <DomainList
        label={`${prefix} allowed domains`}
        hint="One a line; when set, only these (blocked domains are then not sent)."
        lines={value.allowedDomains}
        onChange={(allowedDomains) => onChange({ ...value, allowedDomains })}
      />
      <DomainList
        label={`${prefix} blocked domains`}
        hint="One a line; never these."
        lines={value.blockedDomains}
        onChange={(blockedDomains) => onChange({ ...value, blockedDomains })}
      />
    </div>
  );
}
