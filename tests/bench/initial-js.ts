// The JavaScript a page really loads at first: open it in Debian's Chromium, wait until the network
// is quiet, and gzip every script response (what a server with compression would send).
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export interface InitialJs {
  /** Scripts fetched before the page was usable (its ready selector visible). */
  atLoadGzipKB: number;
  /** Everything fetched until the network was quiet, lazy chunks included. */
  totalGzipKB: number;
  files: { url: string; gzipKB: number; afterLoad: boolean }[];
}

/**
 * `readySelector`: what shows the page is usable (e.g. the sign-in form's password field); scripts
 * fetched before it appeared count as initial, the rest as lazy.
 */
export async function measureInitialJs(url: string, viewport = { width: 1280, height: 800 }, readySelector = 'body'): Promise<InitialJs> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ viewport });
    const scripts: Promise<{ url: string; gzipKB: number; afterLoad: boolean }>[] = [];
    let loaded = false;
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      const afterLoad = loaded;
      scripts.push(res.body().then((b) => ({ url: new URL(res.url()).pathname, gzipKB: gzipSync(b, { level: 9 }).length / 1024, afterLoad })).catch(() => ({ url: res.url(), gzipKB: 0, afterLoad })));
    });
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator(readySelector).first().waitFor({ state: 'visible', timeout: 30_000 });
    loaded = true;
    await page.waitForLoadState('networkidle');
    const files = await Promise.all(scripts);
    const sum = (list: typeof files) => list.reduce((s, f) => s + f.gzipKB, 0);
    return { atLoadGzipKB: sum(files.filter((f) => !f.afterLoad)), totalGzipKB: sum(files), files: files.sort((a, b) => b.gzipKB - a.gzipKB) };
  } finally {
    await browser.close();
  }
}
