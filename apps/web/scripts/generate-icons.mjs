/**
 * Writes the app icons of the web manifest (public/icons) from one drawing: Billow's two waves
 * on its primary colour (--primary in src/index.css). Rendered by Chromium, the browser the
 * end-to-end tests use, so `node apps/web/scripts/generate-icons.mjs` gives the same PNGs again.
 * The maskable icon fills its square and keeps the waves inside the middle 80 % (the safe zone
 * Android crops to a circle or squircle): https://web.dev/articles/maskable-icon
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const out = path.resolve(import.meta.dirname, '../public/icons');
const PRIMARY = '#006b5f'; // oklch(0.47 0.09 182)
const WAVE_LIGHT = '#99f6e4';

/** The waves on a 64-unit square; `inset` shrinks them towards the middle. */
function drawing({ rounded, inset }) {
  const scale = 1 - 2 * inset;
  const shift = 64 * inset;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
<rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="${PRIMARY}"/>
<g transform="translate(${shift} ${shift}) scale(${scale})" fill="none" stroke-width="6" stroke-linecap="round">
<path d="M14 38c6-8 12-8 18 0s12 8 18 0" stroke="#fff"/>
<path d="M14 26c6-8 12-8 18 0s12 8 18 0" stroke="${WAVE_LIGHT}"/>
</g></svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, rounded: true, inset: 0 },
  { file: 'icon-512.png', size: 512, rounded: true, inset: 0 },
  { file: 'icon-maskable-512.png', size: 512, rounded: false, inset: 0.12 },
  // iOS rounds the corners itself and shows transparency as black: a full square.
  { file: 'apple-touch-icon.png', size: 180, rounded: false, inset: 0.08 },
];

fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, 'icon.svg'), `${drawing({ rounded: true, inset: 0 })}\n`);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const icon of icons) {
    const page = await browser.newPage({
      viewport: { width: icon.size, height: icon.size },
      deviceScaleFactor: 1,
    });
    const svg = drawing(icon).replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg}</body></html>`,
    );
    await page.screenshot({ path: path.join(out, icon.file), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
process.stdout.write(`icons written to ${path.relative(process.cwd(), out)}\n`);
