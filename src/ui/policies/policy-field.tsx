// One field of the Loop policies panel, drawn from its description in policy-fields.ts.
import type { LoopPolicies } from '../../shared/loop-policies';
import type { PolicySettings } from '../../store/policies/policy-defaults';
import { WholeNumberField } from '../common/whole-number-field';
import { ChoiceField, DollarField, NamesField, SwitchField } from './policy-controls';
import type { PolicyField } from './policy-fields';

interface PolicyFieldViewProps {
  field: PolicyField;
  policies: LoopPolicies;
  stored: PolicySettings;
  set: (patch: PolicySettings) => void;
}

/** The control for `field`, showing its value in `policies` and committing through `set`. */
export function PolicyFieldView({ field, policies, stored, set }: PolicyFieldViewProps) {
  const hint = field.hint === undefined ? {} : { hint: field.hint };
  switch (field.kind) {
    case 'whole':
      return (
        <WholeNumberField
          label={field.label}
          {...hint}
          min={field.min}
          max={field.max}
          value={field.read(policies)}
          onCommit={(value) => set(field.write(value, policies, stored))}
        />
      );
    case 'optional-whole':
      return (
        <WholeNumberField
          optional
          label={field.label}
          {...hint}
          min={field.min}
          max={field.max}
          value={field.read(policies)}
          onCommit={(value) => set(field.write(value, policies, stored))}
        />
      );
    case 'dollar':
      return (
        <DollarField
          label={field.label}
          {...hint}
          value={field.read(policies)}
          onCommit={(value) => set(field.write(value, policies, stored))}
        />
      );
    case 'choice':
      return (
        <ChoiceField
          label={field.label}
          {...hint}
          value={field.read(policies)}
          options={field.options}
          onChange={(value) => set(field.write(value, policies, stored))}
        />
      );
    case 'switch':
      return (
        <SwitchField
          label={field.label}
          {...hint}
          checked={field.read(policies)}
          onChange={(value) => set(field.write(value, policies, stored))}
        />
      );
    case 'names':
      return (
        <NamesField
          label={field.label}
          {...hint}
          names={field.read(policies)}
          onCommit={(names) => set(field.write(names, policies, stored))}
        />
      );
  }
}
