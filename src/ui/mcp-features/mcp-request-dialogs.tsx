// Answers what servers ask of the person: elicitation forms and sampling approvals, one at a time.
import { useState } from 'react';
import { elicitationDefaults } from '../../protocol/elicitation-defaults';
import type { ElicitationPrompt, SamplingPrompt } from '../../protocol/mcp-feature-messages';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { monoBlockClass, primaryButtonClass, secondaryButtonClass } from '../common/styles';
import { ModalDialog } from '../tools/modal-dialog';
import { estimateJsonTokens } from '../../shared/estimate-tokens';
import { checkElicitationValues, ElicitationForm } from './elicitation-form';
import { findOwnKeys, findSecretFields } from './check-form-secrets';
import { ProblemList } from '../common/problem-list';

function ElicitationDialog({ prompt }: { prompt: ElicitationPrompt }) {
  const answer = useLoupeStore((state) => state.answerElicitation);
  const credentials = useLoupeStore((state) => state.settings.credentials);
  const [values, setValues] = useState(() => elicitationDefaults(prompt.requestedSchema));
  const secretFields = findSecretFields(prompt.requestedSchema);
  const problems = [
    ...checkElicitationValues(prompt.requestedSchema, values),
    // Whatever the form's words claim, the person's own key never goes to a server.
    ...findOwnKeys(values, credentials).map(
      (provider) => `That is your ${provider} API key: Loupe never sends it to a server. Remove it.`,
    ),
  ];
  return (
    <ModalDialog
      title={`${prompt.serverName} asks for input`}
      onClose={() => void answer(prompt.requestId, { action: 'cancel' })}
    >
      <p className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">
        This form comes from the server {prompt.serverName}, not from Loupe; what you enter goes to that server.
      </p>
      {secretFields.length > 0 && (
        <p className="mb-2 rounded-md bg-amber-50 p-2 text-xs text-amber-800 dark:bg-amber-500/10 dark:text-amber-300">
          It asks for what looks like a secret ({secretFields.join(', ')}). Loupe never needs your keys or passwords
          here; enter one only if you trust {prompt.serverName} with it.
        </p>
      )}
      <p className="mb-3 text-sm whitespace-pre-wrap">{prompt.message}</p>
      <ElicitationForm schema={prompt.requestedSchema} values={values} onChange={setValues} />
      <ProblemList problems={problems} className="mt-3" />
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => void answer(prompt.requestId, { action: 'cancel' })}
        >
          Cancel
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => void answer(prompt.requestId, { action: 'decline' })}
        >
          Decline
        </button>
        <button
          type="button"
          className={primaryButtonClass}
          disabled={problems.length > 0}
          onClick={() => void answer(prompt.requestId, { action: 'accept', content: values })}
        >
          Accept
        </button>
      </div>
    </ModalDialog>
  );
}

function SamplingDialog({ prompt }: { prompt: SamplingPrompt }) {
  const answer = useLoupeStore((state) => state.answerSampling);
  const settings = useLoupeStore((state) => state.settings);
  const modelName =
    settings.provider === 'demo'
      ? 'the Demo model'
      : settings.provider === 'manual'
        ? 'you (manual model)'
        : settings.model;
  const promptTokens = estimateJsonTokens({ system: prompt.systemPrompt, messages: prompt.messages });
  return (
    <ModalDialog title={`${prompt.serverName} asks the model`} onClose={() => void answer(prompt.requestId, false)}>
      <p className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">
        The server wants a completion (sampling). Approve to send this to {modelName}; its answer goes back to the
        server only. The prompt is about {promptTokens.toLocaleString('en')} tokens; the reply up to{' '}
        {prompt.maxTokens.toLocaleString('en')} tokens
        {prompt.askedMaxTokens === undefined
          ? ''
          : ` (the server asked for ${prompt.askedMaxTokens.toLocaleString('en')}; Loupe caps a sampling reply there)`}
        {prompt.modelHints === undefined ? '' : `; the server would prefer ${prompt.modelHints.join(', ')}`}.
      </p>
      {prompt.systemPrompt !== undefined && (
        <>
          <h3 className="mb-1 text-xs font-semibold">System prompt</h3>
          <pre className={`${monoBlockClass} mb-2`}>{prompt.systemPrompt}</pre>
        </>
      )}
      <h3 className="mb-1 text-xs font-semibold">Messages</h3>
      <ol aria-label="Sampling messages" className="space-y-1.5">
        {prompt.messages.map((message, index) => (
          <li key={index} className={monoBlockClass}>
            <span className="font-semibold">{message.role}: </span>
            {message.content
              .map((block) => (block.type === 'text' ? block.text : `[image ${block.source.media_type}]`))
              .join('\n')}
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <button type="button" className={secondaryButtonClass} onClick={() => void answer(prompt.requestId, false)}>
          Decline
        </button>
        <button type="button" className={primaryButtonClass} onClick={() => void answer(prompt.requestId, true)}>
          Approve and send
        </button>
      </div>
    </ModalDialog>
  );
}

/** The oldest pending request, elicitation first; the next one opens when it is answered. */
export function McpRequestDialogs() {
  const elicitation = useLoupeStore((state) => state.elicitations[0]);
  const sampling = useLoupeStore((state) => state.samplings[0]);
  if (elicitation !== undefined) return <ElicitationDialog key={elicitation.requestId} prompt={elicitation} />;
  if (sampling !== undefined) return <SamplingDialog key={sampling.requestId} prompt={sampling} />;
  return null;
}
