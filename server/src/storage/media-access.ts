import type { Actor } from '../auth/actor.ts';
import { forbidden } from '../errors/app-error.ts';
import type { MediaFolder } from './media-folder.ts';

export const MEDIA_LINK_REFUSED = 'This link has expired or is not valid. Open it again from the portal.';

/**
 * Who may read a stored file of a folder: the holder of a valid signed link, or a session that
 * `mayRead` allows. Anyone else: 403. A route checks this before it says whether the file exists.
 */
export async function requireMediaReader(input: {
  folder: MediaFolder;
  key: string;
  query: { expires?: number; signature?: string };
  actor: Actor | null;
  secret: () => Promise<string>;
  mayRead: (actor: Actor) => boolean | Promise<boolean>;
}): Promise<void> {
  const { query } = input;
  if (query.signature !== undefined || query.expires !== undefined) {
    if (!input.folder.isValidSignedQuery(await input.secret(), input.key, query)) {
      throw forbidden(MEDIA_LINK_REFUSED);
    }
    return;
  }
  if (!input.actor) throw forbidden(MEDIA_LINK_REFUSED);
  if (!(await input.mayRead(input.actor))) throw forbidden('You do not have access to this file.');
}
