// The error a provider throws when its caller aborted: the signal's own reason, so the engine recognises it.

/** `signal.reason` when it is an Error (the default is a DOMException named AbortError), else a fresh AbortError. */
export function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The model call was aborted.', 'AbortError');
}
