// The starting values of an elicitation form: each field's default, when it has a usable one. Pure.
import type { ElicitationField, ElicitationSchema, ElicitationValue } from './mcp-feature-messages';

function usableDefault(field: ElicitationField): ElicitationValue | undefined {
  const value = field.default;
  switch (field.type) {
    case 'string':
      if (typeof value !== 'string') return undefined;
      return field.enum === undefined || field.enum.includes(value) ? value : undefined;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'array':
      return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined;
  }
}

/**
 * The values a form for `schema` starts with: every field whose `default` fits its type (and its enum).
 * Fields without one are left out, so the person (or the SDK's defaults) decides.
 */
export function elicitationDefaults(schema: ElicitationSchema): Record<string, ElicitationValue> {
  const values: Record<string, ElicitationValue> = {};
  for (const [key, field] of Object.entries(schema.properties)) {
    const value = usableDefault(field);
    if (value !== undefined) values[key] = value;
  }
  return values;
}
