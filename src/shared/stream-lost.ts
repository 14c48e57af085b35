// The error type of a model reply that broke off mid-stream, shared by the providers (which set it) and the UI.

/**
 * `ModelError.errorType` (and `RunErrorInfo.errorType`) of a reply whose stream broke off after it began (the
 * connection dropped, or the stream ended without its last event): nothing about the request or the settings was
 * wrong, and the same request may simply be sent again (the round's Retry round).
 */
export const STREAM_LOST_ERROR_TYPE = 'stream_lost';
