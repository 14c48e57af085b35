/**
 * `vi.waitFor` options for waits on real I/O (HTTP servers, OAuth round trips): its default of one second is
 * a few event-loop turns on a quiet machine but can pass on a loaded CI machine before the server answers.
 * A wait that succeeds returns as soon as it does, so the long limit costs nothing when all is well.
 */
export const REAL_IO_WAIT = { timeout: 15_000, interval: 25 } as const;
