// Writes src/worker/generated/validate-transcript-fast.ts from docs/transcript.schema.json (see
// scripts/transcript-validator/build-transcript-validator.ts). Run: npm run gen:transcript-validator
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname } from 'node:path';
import { buildTranscriptValidatorSource, GENERATED_PATH } from './transcript-validator/build-transcript-validator';

const path = fileURLToPath(GENERATED_PATH);
mkdirSync(dirname(path), { recursive: true });
writeFileSync(path, buildTranscriptValidatorSource());
console.info(`wrote ${path}`);
