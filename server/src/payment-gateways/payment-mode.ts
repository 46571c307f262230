import type { PaymentsConfig } from '../config/env.ts';

/** No money moves: the built-in sandbox gateway, or Authorize.net's own sandbox. */
export function isTestPayments(config: PaymentsConfig): boolean {
  return config.gateway === 'sandbox' || config.environment === 'sandbox';
}

/**
 * What the page's CSP must allow for Accept.js, and nothing more: its host for the script (Accept.js
 * loads AcceptCore.js from there as a script and fetches it again to check its hash: script-src and
 * connect-src), and the API it posts the card to (connect-src). No frame: only the hosted form
 * (AcceptUI) uses one, and the portal has its own form. The server's own API calls need nothing here.
 */
export function acceptJsSources(config: PaymentsConfig): { scriptSrc: string[]; connectSrc: string[] } {
  if (config.gateway !== 'authorizenet') return { scriptSrc: [], connectSrc: [] };
  const scriptOrigin = new URL(config.acceptJsUrl).origin;
  return {
    scriptSrc: [scriptOrigin],
    connectSrc: [...new Set([scriptOrigin, config.acceptJsApiOrigin])],
  };
}
