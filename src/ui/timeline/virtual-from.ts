/** Runs up to this many rounds mount every card (short runs behave as plain pages: find-in-page, print). */
export const VIRTUAL_FROM = 30;
