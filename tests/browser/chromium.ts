// Finds and starts the headless Chromium the browser tests and the speed script use.
import { existsSync } from 'node:fs';
import { chromium as playwright, type Browser } from 'playwright-core';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Chromium from @sparticuz/chromium, else CHROME_PATH, else Debian's /usr/bin/chromium. */
export async function chromiumPath(): Promise<string> {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  try {
    const { default: chromium } = await import('@sparticuz/chromium');
    return await chromium.executablePath();
  } catch (err) {
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
    throw err;
  }
}

/**
 * A headless Chromium. Playwright starts it with a fresh temporary user-data directory, and
 * every session opens its own context, so no storage (the autosave) leaks between tests.
 */
export async function launch(): Promise<Browser> {
  return playwright.launch({ executablePath: await chromiumPath(), headless: true, args: CHROMIUM_ARGS });
}
