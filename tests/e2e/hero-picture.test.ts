// The home page's product picture in a real browser: its text is outlined (no font of the machine decides how wide
// it runs), and on a 390 px phone the page shows the simpler picture, whose every line is at least 11 CSS px and
// stays inside its card.
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch } from '../../dev/chromium.ts';

const { siteUrl } = inject('e2e');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface Measured {
  src: string;
  sizes: number[];
  outside: string[];
  texts: number;
  /** <text> elements left: each would depend on a font of the machine. */
  textElements: number;
}

/** The picture the page shows at `width`, drawn inline at its shown size: each line's size and whether it fits. */
async function measure(width: number): Promise<Measured> {
  const page = await browser.newPage({ viewport: { width, height: 844 } });
  await page.goto(`${siteUrl}/`, { waitUntil: 'load' });
  const result: Measured = await page.evaluate(async () => {
    const img = document.querySelector<HTMLImageElement>('.hero-picture')!;
    const shown = img.getBoundingClientRect().width;
    const svgText = await (await fetch(img.currentSrc)).text();
    const box = document.createElement('div');
    box.style.cssText = `position:absolute;left:0;top:0;width:${shown}px`;
    box.innerHTML = svgText;
    document.body.append(box);
    const svg = box.querySelector('svg')!;
    svg.setAttribute('width', String(shown));
    svg.removeAttribute('height');
    const scale = shown / svg.viewBox.baseVal.width;
    const inside = (a: DOMRect, b: DOMRect) => a.left >= b.left && a.right <= b.right && a.top >= b.top && a.bottom <= b.bottom;
    const outside: string[] = [];
    const texts = [...svg.querySelectorAll<SVGGElement>('g.text')];
    for (const t of texts) {
      const frame = (t.closest('[data-card]')?.querySelector('rect') ?? svg).getBoundingClientRect();
      if (!inside(t.getBoundingClientRect(), frame)) outside.push(t.outerHTML.slice(0, 80));
    }
    return {
      src: new URL(img.currentSrc).pathname,
      sizes: texts.map((t) => Number(t.dataset.size) * scale),
      outside,
      texts: texts.length,
      textElements: svg.querySelectorAll('text').length,
    };
  });
  await page.close();
  expect(result.textElements).toBe(0);
  return result;
}

describe('the hero picture', () => {
  it('at 390 px is the phone picture, every line at least 11 CSS px and inside its card', async () => {
    const m = await measure(390);
    expect(m.src).toBe('/images/product-dashboard-mobile.svg');
    expect(m.texts).toBeGreaterThan(15);
    expect(Math.min(...m.sizes)).toBeGreaterThanOrEqual(11);
    expect(m.outside).toEqual([]);
  });

  it('on a desktop screen is the full dashboard, its outlined lines inside their frame', async () => {
    const m = await measure(1280);
    expect(m.src).toBe('/images/product-dashboard.svg');
    expect(m.texts).toBeGreaterThan(15);
    expect(m.outside).toEqual([]);
  });
});
