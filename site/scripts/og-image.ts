// Draws the Open Graph image (public/media/og-image.jpg, 1200x630) from the brand, with the
// system Chromium. Run after a brand change: npx tsx scripts/og-image.ts
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brand } from '@kafue/common/brand';
import { defaultCompany } from '@kafue/common/company';
import { hero } from '../src/content/home';
import { launchOptions } from '../../scripts/browser.mjs';

const out = fileURLToPath(new URL('../public/media/og-image.jpg', import.meta.url));
const poster = `data:image/svg+xml;base64,${readFileSync(new URL('../media/hero-poster.svg', import.meta.url)).toString('base64')}`;
const html = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;position:relative;overflow:hidden;font-family:system-ui,sans-serif;color:#fff;background:#0b1324 url('${poster}') center/cover">
  <div style="position:absolute;inset:0;background:linear-gradient(100deg,rgba(11,19,36,.95) 20%,rgba(11,19,36,.5))"></div>
  <div style="position:absolute;left:80px;top:90px;right:300px">
    <div style="display:flex;align-items:center;gap:18px">
      <svg width="72" height="72" viewBox="0 0 36 36"><rect width="36" height="36" rx="9" fill="#0f766e"/><path d="M11 9v18M11 18l10-9M14.5 15l7.5 12" stroke="#fff" stroke-width="3.2" fill="none" stroke-linecap="round" stroke-linejoin="round"/><circle cx="26" cy="10" r="2.4" fill="#fbbf24"/></svg>
      <div style="font-size:40px;font-weight:800">${brand.company}</div>
    </div>
    <div style="margin-top:56px;font-size:60px;line-height:1.1;font-weight:800">${hero.heading}</div>
    <div style="margin-top:28px;font-size:28px;color:#99f6e4">${brand.location} · ${defaultCompany.openingHours}</div>
  </div>
</div></body></html>`;

const browser = await chromium.launch(launchOptions);
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
await page.screenshot({ path: out, type: 'jpeg', quality: 82 });
await browser.close();
console.log(`wrote ${out}`);
