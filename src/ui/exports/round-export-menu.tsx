// A round's exports: its Messages API request as curl, or a TypeScript SDK program that reproduces it.
import { useState } from 'react';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { monoBlockClass, smallButtonClass } from '../common/styles';
import { buildCurlCommand } from './build-curl-command';
import { buildSdkSnippet } from './build-sdk-snippet';

type Format = 'curl' | 'typescript';

export function RoundExportMenu({ round }: { round: number }) {
  const exportTranscript = useLoupeStore((state) => state.exportTranscript);
  const running = useLoupeStore((state) => state.runView.phase === 'running');
  const [shown, setShown] = useState<{ format: Format; text: string } | null>(null);
  const [copied, setCopied] = useState(false);

  const show = async (format: Format) => {
    const transcript = await exportTranscript();
    const recorded = transcript?.rounds.find((candidate) => candidate.round === round);
    if (!transcript || !recorded) return;
    setCopied(false);
    setShown({
      format,
      text: format === 'curl' ? buildCurlCommand(transcript, recorded) : buildSdkSnippet(transcript, recorded),
    });
  };
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // Clipboard refused (permissions): the text stays selectable below.
    }
  };

  return (
    <div className="px-4 pb-3 text-xs">
      <div className="flex flex-wrap items-center gap-1 text-zinc-500">
        <span>Export round {round}:</span>
        <button type="button" className={smallButtonClass} disabled={running} onClick={() => void show('curl')}>
          curl
        </button>
        <button type="button" className={smallButtonClass} disabled={running} onClick={() => void show('typescript')}>
          TypeScript
        </button>
        {shown && (
          <>
            <button type="button" className={smallButtonClass} onClick={() => void copy(shown.text)}>
              {copied ? 'Copied' : 'Copy'}
            </button>
            <button type="button" className={smallButtonClass} onClick={() => setShown(null)}>
              Hide
            </button>
          </>
        )}
      </div>
      {shown && (
        <pre
          aria-label={`Round ${round} as ${shown.format === 'curl' ? 'curl' : 'TypeScript'}`}
          className={`${monoBlockClass} mt-2`}
        >
          {shown.text}
        </pre>
      )}
    </div>
  );
}
