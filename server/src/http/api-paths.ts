/** Paths the API answers; every other path belongs to the web app (a file or its index.html). */
export const API_PREFIXES = ['/api/', '/auth/', '/media/', '/domain/'];

/** Whether a URL (path, maybe with a query string) is an API call. */
export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}
