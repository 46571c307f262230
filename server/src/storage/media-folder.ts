import { randomUUID } from 'node:crypto';
import { signUrlPath, verifySignedUrlPath } from './signed-urls.ts';

/** The {file} of a /media route: a random name with its extension, never a path. */
export const MEDIA_FILE_PATTERN = /^[A-Za-z0-9_-]{1,64}(\.[a-z0-9]{1,5})?$/;
/** How long a signed file link works: long enough to read a list and click, short enough to leak little. */
export const MEDIA_LINK_TTL_SECONDS = 60 * 60;

/**
 * A storage folder whose files are served at `/media/<route>/{file}` under random names: labels,
 * asset files, logos. Keys, media paths and signed links (for a new tab, without the session) of one
 * folder come from here.
 */
export class MediaFolder {
  readonly prefix: string;
  readonly route: string;

  /** `prefix` in the storage ('assets/'), `route` of the media path ('/media/assets/'). */
  constructor(prefix: string, route: string) {
    this.prefix = prefix;
    this.route = route;
  }

  newKey(extension: string): string {
    return `${this.prefix}${randomUUID()}.${extension}`;
  }

  keyOfFile(file: string): string {
    return `${this.prefix}${file}`;
  }

  fileOf(key: string): string {
    return key.slice(this.prefix.length);
  }

  mediaPath(key: string): string {
    return `${this.route}${this.fileOf(key)}`;
  }

  signedPath(secret: string, key: string): string {
    return signUrlPath(secret, this.mediaPath(key), MEDIA_LINK_TTL_SECONDS);
  }

  isValidSignedQuery(secret: string, key: string, query: Record<string, unknown>): boolean {
    return verifySignedUrlPath(secret, this.mediaPath(key), query);
  }
}
