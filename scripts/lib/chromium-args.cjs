// @ts-check
/**
 * Flags for Debian's headless Chromium, shared by playwright.config.ts and scripts/bench.mjs
 * (CommonJS so that both can load it). The last four keep it off the network: without
 * them it tries to reach Google's services and stalls.
 */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

module.exports = {CHROMIUM_ARGS};
