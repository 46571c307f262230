import { fileURLToPath } from 'node:url';

/** The generated SQL migrations (drizzle-kit). Its own module: the start-up path reads it before the ORM loads. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));
