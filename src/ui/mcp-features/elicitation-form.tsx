// A form generated from a server's elicitation schema: one control per field, starting from its default.
import { useId } from 'react';
import type { ElicitationField, ElicitationSchema, ElicitationValue } from '../../protocol/mcp-feature-messages';
import { ownValue, setOwn } from '../../shared/own-keys';
import { Field } from '../common/field';
import { inputClass } from '../common/styles';

/** What is missing or out of range, in plain words (empty when the form can be sent). */
export function checkElicitationValues(schema: ElicitationSchema, values: Record<string, ElicitationValue>): string[] {
  const problems: string[] = [];
  for (const [key, field] of Object.entries(schema.properties)) {
    const value = ownValue(values, key);
    const name = field.title ?? key;
    if (value === undefined || value === '') {
      if (schema.required?.includes(key)) problems.push(`${name} is required.`);
      continue;
    }
    if (typeof value === 'number') {
      if (Number.isNaN(value)) problems.push(`${name} must be a number.`);
      else if (field.type === 'integer' && !Number.isInteger(value)) problems.push(`${name} must be a whole number.`);
      else if (field.minimum !== undefined && value < field.minimum)
        problems.push(`${name} must be at least ${field.minimum}.`);
      else if (field.maximum !== undefined && value > field.maximum)
        problems.push(`${name} must be at most ${field.maximum}.`);
    }
    if (typeof value === 'string') {
      if (field.minLength !== undefined && value.length < field.minLength)
        problems.push(`${name} needs at least ${field.minLength} characters.`);
      if (field.maxLength !== undefined && value.length > field.maxLength)
        problems.push(`${name} takes at most ${field.maxLength} characters.`);
    }
  }
  return problems;
}

function FieldControl({
  name,
  field,
  required,
  value,
  onChange,
}: {
  name: string;
  field: ElicitationField;
  required: boolean;
  value: ElicitationValue | undefined;
  onChange: (value: ElicitationValue | undefined) => void;
}) {
  const id = useId();
  const label = `${field.title ?? name}${required ? ' (required)' : ''}`;
  if (field.type === 'boolean') {
    return (
      <div>
        <label htmlFor={id} className="flex items-center gap-2 text-sm">
          <input
            id={id}
            type="checkbox"
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
          />
          {label}
        </label>
        {field.description !== undefined && (
          <p className="mt-1 text-[11px] text-zinc-600 dark:text-zinc-400">{field.description}</p>
        )}
      </div>
    );
  }
  const hint = field.description;
  if (field.type === 'string' && field.enum !== undefined) {
    const options = field.enum;
    return (
      <Field label={label} hint={hint}>
        {(control) => (
          <select
            {...control}
            className={inputClass}
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
          >
            <option value="">—</option>
            {options.map((option, index) => (
              <option key={option} value={option}>
                {field.enumNames?.[index] ?? option}
              </option>
            ))}
          </select>
        )}
      </Field>
    );
  }
  const numeric = field.type === 'number' || field.type === 'integer';
  return (
    <Field label={label} hint={hint}>
      {(control) => (
        <input
          {...control}
          className={inputClass}
          type={numeric ? 'number' : field.format === 'email' ? 'email' : 'text'}
          step={field.type === 'integer' ? 1 : 'any'}
          value={value === undefined ? '' : String(value)}
          onChange={(event) => {
            const text = event.target.value;
            if (text === '') onChange(undefined);
            else onChange(numeric ? Number(text) : text);
          }}
        />
      )}
    </Field>
  );
}

/** The generated fields; `values` is controlled by the dialog. */
export function ElicitationForm({
  schema,
  values,
  onChange,
}: {
  schema: ElicitationSchema;
  values: Record<string, ElicitationValue>;
  onChange: (values: Record<string, ElicitationValue>) => void;
}) {
  return (
    <div className="space-y-3">
      {Object.entries(schema.properties).map(([key, field]) => (
        <FieldControl
          key={key}
          name={key}
          field={field}
          required={schema.required?.includes(key) ?? false}
          value={ownValue(values, key)}
          onChange={(value) => {
            const next = { ...values };
            if (value === undefined) delete next[key];
            else setOwn(next, key, value);
            onChange(next);
          }}
        />
      ))}
    </div>
  );
}
