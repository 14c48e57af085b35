// The fields of one expectation, by kind. Every field is labelled "Expectation N <what>".
import type { ToolResultStatus } from '../../engine/tool/tool';
import type { Expectation, TextMatcher, ValueMatcher } from '../../suite/test-suite';
import { inputClass } from '../common/styles';
import { JsonField } from './json-field';
import { ToolPathFields } from './tool-path-fields';

const STATUSES: ToolResultStatus[] = [
  'ok',
  'tool-error',
  'invalid-input',
  'not-found',
  'timeout',
  'cancelled',
  'denied',
  'not-executed',
  'duplicate',
  'truncated',
];

interface FieldsProps<E extends Expectation> {
  expectation: E;
  label: string;
  onChange: (next: Expectation) => void;
}

function Select({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: string[];
  onChange: (value: string) => void;
}) {
  return (
    <select
      aria-label={label}
      className={`${inputClass} w-auto`}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      {options.map((option) => (
        <option key={option}>{option}</option>
      ))}
    </select>
  );
}

function Text({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  return (
    <input
      aria-label={label}
      className={`${inputClass} min-w-24 flex-1`}
      value={value}
      placeholder={placeholder}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

function NumberField({
  label,
  value,
  step,
  onChange,
}: {
  label: string;
  value: number;
  step: number;
  onChange: (value: number) => void;
}) {
  return (
    <input
      aria-label={label}
      type="number"
      min={0}
      step={step}
      className={`${inputClass} w-28`}
      value={value}
      onChange={(event) => {
        const parsed = Number(event.target.value);
        if (Number.isFinite(parsed) && parsed >= 0) onChange(parsed);
      }}
    />
  );
}

function ValueMatcherFields({
  label,
  matcher,
  onChange,
}: {
  label: string;
  matcher: ValueMatcher;
  onChange: (next: ValueMatcher) => void;
}) {
  const switchKind = (kind: string) =>
    onChange(
      kind === 'exact'
        ? { kind, value: '' }
        : kind === 'regex'
          ? { kind, pattern: '' }
          : { kind: 'schema', schema: { type: 'string' } },
    );
  return (
    <>
      <Select
        label={`${label} matcher`}
        value={matcher.kind}
        options={['exact', 'schema', 'regex']}
        onChange={switchKind}
      />
      {matcher.kind === 'regex' ? (
        <Text
          label={`${label} pattern`}
          value={matcher.pattern}
          onChange={(pattern) => onChange({ ...matcher, pattern })}
        />
      ) : matcher.kind === 'exact' ? (
        <JsonField
          label={`${label} value`}
          value={matcher.value}
          onChange={(value) => onChange({ kind: 'exact', value })}
        />
      ) : (
        <JsonField
          label={`${label} schema`}
          value={matcher.schema}
          onChange={(schema) => {
            if (typeof schema === 'object' && schema !== null && !Array.isArray(schema))
              onChange({ kind: 'schema', schema: schema as Record<string, unknown> });
          }}
        />
      )}
    </>
  );
}

function TextMatcherFields({
  label,
  matcher,
  onChange,
}: {
  label: string;
  matcher: TextMatcher;
  onChange: (next: TextMatcher) => void;
}) {
  return (
    <>
      <Select
        label={`${label} matcher`}
        value={matcher.kind}
        options={['contains', 'regex']}
        onChange={(kind) => onChange(kind === 'regex' ? { kind, pattern: '' } : { kind: 'contains', text: '' })}
      />
      {matcher.kind === 'contains' ? (
        <Text label={`${label} text`} value={matcher.text} onChange={(text) => onChange({ ...matcher, text })} />
      ) : (
        <Text
          label={`${label} pattern`}
          value={matcher.pattern}
          onChange={(pattern) => onChange({ ...matcher, pattern })}
        />
      )}
    </>
  );
}

/** The editable fields of `expectation`; `label` is its accessible prefix ("Expectation 2"). */
export function ExpectationFields({ expectation, label, onChange }: FieldsProps<Expectation>) {
  switch (expectation.kind) {
    case 'tools-called':
      return (
        <>
          <Text
            label={`${label} tools`}
            value={expectation.tools.join(', ')}
            placeholder="tool names, comma-separated"
            onChange={(text) =>
              onChange({
                ...expectation,
                tools: text
                  .split(',')
                  .map((name) => name.trim())
                  .filter(Boolean),
              })
            }
          />
          <Select
            label={`${label} order`}
            value={expectation.mode}
            options={['in-order', 'exact', 'set']}
            onChange={(mode) => onChange({ ...expectation, mode: mode as typeof expectation.mode })}
          />
        </>
      );
    case 'tool-input':
      return (
        <>
          <Text
            label={`${label} tool`}
            value={expectation.tool}
            onChange={(tool) => onChange({ ...expectation, tool })}
          />
          <Text
            label={`${label} path`}
            value={expectation.path ?? ''}
            placeholder="whole input"
            onChange={(path) => {
              const { path: _old, ...rest } = expectation;
              onChange(path.trim() === '' ? rest : { ...rest, path });
            }}
          />
          <Select
            label={`${label} calls`}
            value={expectation.calls}
            options={['all', 'any']}
            onChange={(calls) => onChange({ ...expectation, calls: calls as typeof expectation.calls })}
          />
          <ValueMatcherFields
            label={label}
            matcher={expectation.match}
            onChange={(match) => onChange({ ...expectation, match })}
          />
        </>
      );
    case 'tool-status':
      return (
        <>
          <Text
            label={`${label} tool`}
            value={expectation.tool ?? ''}
            placeholder="every tool"
            onChange={(tool) => {
              const { tool: _old, ...rest } = expectation;
              onChange(tool.trim() === '' ? rest : { ...rest, tool });
            }}
          />
          <Select
            label={`${label} status`}
            value={expectation.status}
            options={STATUSES}
            onChange={(status) => onChange({ ...expectation, status: status as ToolResultStatus })}
          />
        </>
      );
    case 'no-tool-calls':
      // Its one field is the round (RoundTargetFields, beside every call expectation's own fields).
      return null;
    case 'tool-path':
      return <ToolPathFields expectation={expectation} label={label} onChange={onChange} />;
    case 'final-answer':
      return (
        <TextMatcherFields
          label={label}
          matcher={expectation.match}
          onChange={(match) => onChange({ ...expectation, match })}
        />
      );
    case 'rubric':
      return (
        <textarea
          aria-label={`${label} rubric`}
          rows={2}
          className={`${inputClass} flex-1`}
          value={expectation.rubric}
          onChange={(event) => onChange({ ...expectation, rubric: event.target.value })}
        />
      );
    case 'finish-reason':
      return (
        <Text
          label={`${label} reason`}
          value={expectation.reason}
          onChange={(reason) => onChange({ ...expectation, reason })}
        />
      );
    case 'max-rounds':
      return (
        <NumberField
          label={`${label} rounds`}
          value={expectation.max}
          step={1}
          onChange={(max) => onChange({ ...expectation, max: Math.floor(max) })}
        />
      );
    case 'max-cost':
      return (
        <NumberField
          label={`${label} USD`}
          value={expectation.usd}
          step={0.01}
          onChange={(usd) => onChange({ ...expectation, usd })}
        />
      );
  }
}
