/** A cell of an export: text, a whole number, or empty. */
export type Cell = string | number | null;

/** Rows arrive in batches (one keyset page each) so a million rows never sit in memory at once. */
export type RowBatches = AsyncIterable<Cell[][]>;
