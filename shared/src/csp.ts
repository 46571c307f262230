/**
 * The placeholder Vite writes as the `nonce` of index.html's tags (`html.cspNonce`); the server
 * replaces it with a fresh value per response and allows that value in its style-src, so Mantine's
 * `<style>` elements load without `'unsafe-inline'`.
 */
export const CSP_NONCE_PLACEHOLDER = 'PORTAL_CSP_NONCE';
