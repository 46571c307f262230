import * as z from 'zod/v4';

/*
 * What the web build gets for `import … from 'zod'` (the alias in vite.config.ts). Zod's fast path
 * compiles validators with `new Function`, and even its probe for that (made when the first object
 * schema is built) is a violation of the portal's CSP (no eval). Setting jitless here, in the module
 * every schema module imports, runs before any schema exists, whatever order the build's chunks
 * load in; a setting in the app's entry ran after chunks that the entry itself imports. The
 * interpreted path gives the same results.
 */
z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
