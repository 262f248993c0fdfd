// Open every page of a built site in headless Chromium (Debian's /usr/bin/chromium) and
// report, page by page, every image that did not load, every link to a file that does not
// exist, every failed request and every console error or uncaught exception.
//
//   node tests/site/check.mjs SITE_DIR [PAGE.html SCREENSHOT.png]
//
// Prints one summary line; exits 1 when anything is wrong (each problem on its own line).
// With PAGE.html (relative to SITE_DIR) a full-page screenshot of it is saved.
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const [root, shotPage, shotFile] = process.argv.slice(2);
if (!root) {
  console.error('usage: node check.mjs SITE_DIR [PAGE.html SCREENSHOT.png]');
  process.exit(2);
}

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : [p];
  });
}

const pages = walk(path.resolve(root)).filter((f) => f.endsWith('.html')).sort();
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'gamebounds-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const problems = [];
let images = 0;
let links = 0;
try {
  const page = await context.newPage();
  let current = '';
  const report = (what) => problems.push(`${path.relative(root, current)}: ${what}`);
  page.on('console', (m) => {
    if (m.type() === 'error') report(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => report(`uncaught exception: ${e.message}`));
  page.on('requestfailed', (r) => report(`request failed: ${r.url()} (${r.failure()?.errorText})`));
  for (const file of pages) {
    current = file;
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
    const found = await page.evaluate(() => ({
      images: [...document.images].map((i) => ({
        src: i.currentSrc || i.src,
        ok: i.complete && i.naturalWidth > 0,
      })),
      links: [...document.querySelectorAll('a[href]')].map((a) => a.href),
    }));
    for (const img of found.images) {
      images += 1;
      if (!img.ok) report(`image did not load: ${img.src}`);
    }
    for (const href of found.links) {
      const url = new URL(href);
      if (url.protocol !== 'file:') continue; // the site links nothing outside itself
      links += 1;
      const target = fileURLToPath(url.href.split('#')[0]);
      if (!fs.existsSync(target)) report(`broken link: ${href}`);
    }
  }
  if (shotPage) {
    current = path.join(root, shotPage);
    await page.setViewportSize({ width: 1300, height: 900 });
    await page.goto(pathToFileURL(path.resolve(root, shotPage)).href, { waitUntil: 'load' });
    await page.screenshot({ path: shotFile, fullPage: true });
  }
} finally {
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
}
console.log(
  `checked ${pages.length} pages, ${images} images, ${links} links: ${problems.length} problem(s)`,
);
for (const p of problems) console.log(p);
process.exit(problems.length ? 1 : 0);
