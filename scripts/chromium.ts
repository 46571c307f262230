// The browser the tests drive: Debian's Chromium headless shell, the build Playwright itself runs
// headless tests in. Debian's full `chromium` in headless mode is the whole browser without a
// window and took 1.5 to 1.7 times as long over the browser tests (docs/decisions/026-chromium-headless-shell.md).
export const CHROMIUM_PACKAGE = 'chromium-headless-shell';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
