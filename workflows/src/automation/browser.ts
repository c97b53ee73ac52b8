import { chromium, type Browser } from 'playwright-core';

/** Flags for a headless Chromium that makes no calls of its own (no sync, updates, QUIC, first-run). */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

export async function launchBrowser(opts: { executablePath?: string; headless?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: opts.executablePath ?? chromiumPath(),
    headless: opts.headless ?? true,
    args: CHROMIUM_ARGS,
  });
}
