import { LONG_RUN_ROUNDS } from '../../protocol/session-messages';

/**
 * Runs up to this many rounds mount every card (short runs behave as plain pages: find-in-page, print). The
 * same bound as a long import's or restore's tail: a run shown by its tail first is one this list virtualises.
 */
export const VIRTUAL_FROM = LONG_RUN_ROUNDS;
