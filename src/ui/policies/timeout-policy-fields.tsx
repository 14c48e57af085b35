// The run-wide timeouts of the loop policies: tool calls (idle and total) and model streams, in seconds.
import type { LoopPolicies } from '../../shared/loop-policies';
import type { PolicySettings } from '../../store/policies/policy-defaults';
import { WholeNumberField } from '../common/whole-number-field';

interface TimeoutPolicyFieldsProps {
  policies: LoopPolicies;
  set: (patch: PolicySettings) => void;
}

const seconds = (ms: number): number => Math.max(1, Math.round(ms / 1000));

/** Three whole-second fields; a server's or a tool's own timeout (its Edit dialog) wins over the first. */
export function TimeoutPolicyFields({ policies, set }: TimeoutPolicyFieldsProps) {
  return (
    <div className="mt-3 grid grid-cols-2 gap-3">
      <WholeNumberField
        label="Tool timeout (s)"
        value={seconds(policies.toolTimeoutMs)}
        min={1}
        max={3_600}
        hint="Silence allowed; progress restarts it. A server or tool may set its own."
        onCommit={(value) => set({ toolTimeoutMs: value * 1000 })}
      />
      <WholeNumberField
        label="Max time per call (s)"
        value={seconds(policies.toolMaxTotalMs)}
        min={1}
        max={86_400}
        hint="Even with progress."
        onCommit={(value) => set({ toolMaxTotalMs: value * 1000 })}
      />
      <WholeNumberField
        label="Model idle timeout (s)"
        value={seconds(policies.modelIdleTimeoutMs)}
        min={5}
        max={3_600}
        hint="A reply stream silent this long fails."
        onCommit={(value) => set({ modelIdleTimeoutMs: value * 1000 })}
      />
    </div>
  );
}
