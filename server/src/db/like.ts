/**
 * `%term%` for LIKE against a lower-cased column (users.search_text is one), with the term's own
 * %, _ and \\ matched literally.
 */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
