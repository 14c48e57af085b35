// Stand-in for zod's `v4/core/to-json-schema.js` in the engine worker build (see json-schema-off.ts). The two
// factories are called while a schema is made or its `~standard` props are read, so they return a converter
// that throws only when asked to convert.
import { jsonSchemaOff } from './json-schema-off';

export const initializeContext = jsonSchemaOff;
export const handleUnrepresentable = jsonSchemaOff;
export const processSchema = jsonSchemaOff;
export { processSchema as process };
export const extractDefs = jsonSchemaOff;
export const finalize = jsonSchemaOff;
export const createToJSONSchemaMethod = () => jsonSchemaOff;
export const createStandardJSONSchemaMethod = () => jsonSchemaOff;
