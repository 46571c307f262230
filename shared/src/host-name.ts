/** The lower-cased host name of a Host header or a URL, without port or trailing dot. */
export function hostNameOf(value: string): string {
  const withoutScheme = value.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const authority = withoutScheme.split(/[/?#]/)[0] ?? '';
  const host = authority.startsWith('[')
    ? authority.slice(0, authority.indexOf(']') + 1)
    : authority.split(':')[0];
  return host.toLowerCase().replace(/\.$/, '');
}
