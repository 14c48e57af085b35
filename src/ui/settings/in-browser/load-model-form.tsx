// Where an in-browser model comes from: a picked .gguf file or a URL, then Load model.
import { useState } from 'react';
import { useLoupeStore } from '../../../store/loupe-store-provider';
import { Field } from '../../common/field';
import { inputClass, primaryButtonClass } from '../../common/styles';

export function LoadModelForm() {
  const loading = useLoupeStore((state) => state.inBrowser.loading !== undefined);
  const load = useLoupeStore((state) => state.loadInBrowserModel);
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const ready = file !== null || url.trim() !== '';
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (file !== null) void load({ kind: 'file', file, name: file.name });
        else if (url.trim() !== '') void load({ kind: 'url', url: url.trim() });
      }}
    >
      <Field label="Model file" hint="A .gguf file from your disk. It is read here and never uploaded.">
        {(control) => (
          <input
            {...control}
            type="file"
            accept=".gguf,application/octet-stream"
            className="block w-full min-w-0 text-xs text-zinc-700 file:mr-2 file:rounded-md file:border file:border-zinc-300 file:bg-white file:px-2.5 file:py-1 file:text-xs file:font-medium file:text-zinc-800 dark:text-zinc-300 dark:file:border-zinc-700 dark:file:bg-zinc-900 dark:file:text-zinc-200"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      <Field label="Model URL" hint="Or the address of a .gguf file: https, or http on this machine only.">
        {(control) => (
          <input
            {...control}
            type="url"
            className={inputClass}
            placeholder="https://huggingface.co/…/resolve/main/model-Q4_K_M.gguf"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
        )}
      </Field>
      <button type="submit" className={primaryButtonClass} disabled={!ready || loading}>
        Load model
      </button>
    </form>
  );
}
