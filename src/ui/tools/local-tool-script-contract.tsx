// What a local tool's JavaScript handler gets, returns and may use: the contract the sandbox enforces.
import { formatSandboxBytes, SANDBOX_LIMITS } from '../../shared/local-tool-sandbox-limits';

const number = new Intl.NumberFormat('en');

export function ScriptContract() {
  return (
    <ul aria-label="Handler contract" className="mb-3 list-disc pl-5 text-xs text-zinc-600 dark:text-zinc-400">
      <li>
        <code>input</code> is the call’s arguments (a copy made from JSON); <code>await</code> works on your own
        promises.
      </li>
      <li>
        Return a string (sent as text) or a JSON value (sent as JSON); a thrown error is a tool error, with what you
        logged to <code>console</code>.
      </li>
      <li>
        Caps: the timeout below, {formatSandboxBytes(SANDBOX_LIMITS.memoryBytes)} of memory,{' '}
        {formatSandboxBytes(SANDBOX_LIMITS.stackBytes)} of stack, {number.format(SANDBOX_LIMITS.outputCharacters)}{' '}
        characters of result. A cap that is hit ends the call as a tool error that names it.
      </li>
    </ul>
  );
}
