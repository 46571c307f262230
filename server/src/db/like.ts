/** `%term%` for ILIKE with the term's own %, _ and \ matched literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
