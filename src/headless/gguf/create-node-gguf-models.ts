// The headless runner's In-browser (GGUF) models: `--model in-browser/<path.gguf>` runs the file in this Node
// process through the same provider code as the app (chat templates, prompted track, grammar), on llama.cpp's
// native build. Each file is loaded once, on its first run, and shared by the runs that name it.
import { open } from 'node:fs/promises';
import { ModelError, type Model, type ModelRequest, type ModelStreamPart } from '../../engine/model/model';
import { createInBrowserModel } from '../../providers/gguf/create-in-browser-model';
import type { GgufEngine } from '../../providers/gguf/gguf-engine';

/** What the runner needs of a loaded file (the real loader is `loadNodeGgufEngine`, tests may give their own). */
export type NodeGgufLoader = (path: string) => Promise<{ engine: GgufEngine; unload(): Promise<void> }>;

export interface NodeGgufModels {
  /** The model for an `in-browser` provider setting: `model` is the file's path. */
  createModel(settings: { model: string; constrainToolCalls: boolean }): Model;
  /** Frees every loaded file. */
  dispose(): Promise<void>;
}

/** Refuses what is not a GGUF file before llama.cpp reads it: a missing file, a folder, other bytes. */
export async function checkGgufFile(path: string): Promise<void> {
  const file = await open(path, 'r').catch((error: unknown) => {
    throw new Error(`cannot open ${path}: ${error instanceof Error ? error.message : String(error)}`);
  });
  try {
    const { size } = await file.stat();
    const head = Buffer.alloc(4);
    await file.read(head, 0, 4, 0);
    if (size < 24 || head.toString('latin1') !== 'GGUF') throw new Error(`${path} is not a GGUF file`);
  } finally {
    await file.close();
  }
}

export function createNodeGgufModels(load: NodeGgufLoader): NodeGgufModels {
  const loaded = new Map<string, ReturnType<NodeGgufLoader>>();
  const engineFor = (path: string): ReturnType<NodeGgufLoader> => {
    let loading = loaded.get(path);
    if (loading === undefined) {
      loading = checkGgufFile(path).then(() => load(path));
      // A file that failed to load is tried again by the next run (it may have been fixed meanwhile).
      loading.catch(() => loaded.delete(path));
      loaded.set(path, loading);
    }
    return loading;
  };

  return {
    createModel({ model: path, constrainToolCalls }) {
      let model: Promise<Model> | undefined;
      async function* doStream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelStreamPart> {
        model ??= engineFor(path).then(
          ({ engine }) => createInBrowserModel(engine, { modelId: path, constrainToolCalls }),
          (error: unknown) => {
            model = undefined;
            throw new ModelError(
              `The GGUF model could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
              { cause: error },
            );
          },
        );
        yield* (await model).doStream(request, signal);
      }
      return { provider: 'in-browser', modelId: path, doStream };
    },
    async dispose() {
      const all = [...loaded.values()];
      loaded.clear();
      await Promise.all(all.map((loading) => loading.then((file) => file.unload()).catch(() => undefined)));
    },
  };
}
