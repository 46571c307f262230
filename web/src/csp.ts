import { setNonce } from 'get-nonce';

/*
 * What the app needs to run under the server's Content-Security-Policy (server/src/http/
 * security-headers.ts: scripts from our origin only, no eval, `<style>` elements only with the
 * nonce of this page). Imported first by main.tsx, before anything renders or validates.
 */

/** The nonce the server wrote into this page's `<meta property="csp-nonce">`. */
export const styleNonce = document.querySelector<HTMLMetaElement>('meta[property=csp-nonce]')?.nonce ?? '';

// Modals lock scrolling with a `<style>` element of react-remove-scroll, which takes its nonce here.
setNonce(styleNonce);

// Zod runs without compiling validators (no eval): src/zod-jitless.ts, through the build's alias.
