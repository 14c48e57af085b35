// Monaco, bundled locally (never a CDN), with its own web workers from Vite `?worker` imports (CSP: worker-src 'self').
import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/editor/editor.api';
import './monaco-features';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';
import { prepareSchemaRefs } from '../../shared/prepare-schema-refs';

self.MonacoEnvironment = {
  getWorker: (_workerId: string, label: string) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
};

// The local copy, so the loader never fetches Monaco from a CDN.
loader.config({ monaco });

/** Schemas by model URI: Monaco's JSON diagnostics are global, so every open editor's schema is listed. */
const schemas = new Map<string, Record<string, unknown>>();

function publishSchemas(): void {
  jsonDefaults.setDiagnosticsOptions({
    validate: true,
    allowComments: false,
    enableSchemaRequest: false,
    schemas: [...schemas.entries()].map(([uri, schema]) => ({ uri: `${uri}#schema`, fileMatch: [uri], schema })),
  });
}

/**
 * Validates the model at `uri` against `schema` as the person types (undefined = JSON syntax only). Local
 * `$ref`s (`#/$defs/…`) are resolved by Monaco's JSON service for completion and validation; refs to other
 * documents, pointing nowhere or looping are taken out first (schema requests are off, so nothing is fetched
 * either way), and a schema too large to check leaves the editor at JSON syntax.
 */
export function setModelSchema(uri: string, schema: Record<string, unknown> | undefined): () => void {
  const prepared = schema === undefined ? undefined : prepareSchemaRefs(schema);
  if (prepared === undefined || !prepared.ok) schemas.delete(uri);
  else schemas.set(uri, prepared.schema);
  publishSchemas();
  return () => {
    schemas.delete(uri);
    publishSchemas();
  };
}
