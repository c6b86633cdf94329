export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium, headless, with nothing that calls home: this machine's
 * network is closed, and background connections would only add noise.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: CHROMIUM_PATH,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
