/**
 * A host or URL is one long word: it breaks where it must, so that the tables fit a phone's width
 * instead of overflowing their card.
 */
export const BREAKS_ANYWHERE = { overflowWrap: 'anywhere' } as const;
