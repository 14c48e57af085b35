// Entry of a local-tool sandbox worker (one per call, started by the engine worker, ended after the answer).
/// <reference lib="webworker" />
import { serveSandbox } from './serve-sandbox';

declare const self: DedicatedWorkerGlobalScope;

serveSandbox(self as unknown as Parameters<typeof serveSandbox>[0]);
