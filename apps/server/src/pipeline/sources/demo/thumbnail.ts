/**
 * Feed thumbnails of the demo post images, as PNG. Why not the SVG: Chromium re-records an SVG
 * image's vector content whenever a card scrolls into view, and in the web-scroll benchmark that
 * alone turned 380 of 3,587 frames over 20 ms; a decoded bitmap is drawn for free. Text is drawn
 * in a 5x7 pixel font, since a fresh install has no font files to rasterise from.
 */
import { Bitmap, parseHex } from './raster/bitmap';
import { drawText } from './raster/pixel-font';
import { demoImageScene, SCENE_WIDTH, type Shape } from './scene';

export const THUMB_WIDTH = 320;
export const THUMB_HEIGHT = 180;
/** Capital height over font size in the usual sans-serif faces. */
const CAP_RATIO = 0.72;

function draw(bitmap: Bitmap, s: Shape, k: number): void {
  switch (s.kind) {
    case 'rect': {
      const [x, y, w, h] = [s.x * k, s.y * k, s.w * k, s.h * k];
      if (s.stroke) {
        bitmap.fillRoundRect(x - 0.5, y - 0.5, w + 1, h + 1, (s.rx ?? 0) * k + 0.5, parseHex(s.stroke));
        bitmap.fillRoundRect(x + 0.5, y + 0.5, w - 1, h - 1, (s.rx ?? 0) * k - 0.5, parseHex(s.fill), s.opacity);
      } else bitmap.fillRoundRect(x, y, w, h, (s.rx ?? 0) * k, parseHex(s.fill), s.opacity);
      return;
    }
    case 'circle':
      bitmap.fillCircle(s.cx * k, s.cy * k, s.r * k, parseHex(s.fill), s.opacity);
      return;
    case 'line': {
      // One unit wide, centred on the line, and never thinner than half a pixel so it shows.
      const width = Math.max(k, 0.5);
      const [x1, x2] = [Math.min(s.x1, s.x2) * k, Math.max(s.x1, s.x2) * k];
      const [y1, y2] = [Math.min(s.y1, s.y2) * k, Math.max(s.y1, s.y2) * k];
      if (x1 === x2) bitmap.fillRect(x1 - width / 2, y1, width, y2 - y1, parseHex(s.stroke));
      else bitmap.fillRect(x1, y1 - width / 2, x2 - x1, width, parseHex(s.stroke));
      return;
    }
    case 'text':
      drawText(
        bitmap,
        s.text,
        { x: s.x * k, y: s.y * k, capHeight: s.size * CAP_RATIO * k, anchor: s.anchor, bold: s.bold },
        parseHex(s.fill),
      );
  }
}

// About 2 ms to draw and compress one; a feed page shows a handful, and scrolling back or a
// second reader asks for the same ones again. 512 of ~6 KB is 3 MB at most.
const CACHE_SIZE = 512;
const cache = new Map<string, Buffer>();

/** The PNG thumbnail of a post image key (see demoImageScene). */
export function renderDemoThumbnail(key: string): Buffer {
  const hit = cache.get(key);
  if (hit) {
    // Re-insert so the Map's order is least recently used first.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const bitmap = new Bitmap(THUMB_WIDTH, THUMB_HEIGHT);
  const k = THUMB_WIDTH / SCENE_WIDTH;
  for (const shape of demoImageScene(key)) draw(bitmap, shape, k);
  const png = bitmap.toPng();
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, png);
  return png;
}
