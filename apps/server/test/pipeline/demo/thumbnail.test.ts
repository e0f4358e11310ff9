import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { renderDemoThumbnail } from '../../../src/pipeline/sources/demo/index';
import { Bitmap } from '../../../src/pipeline/sources/demo/raster/bitmap';
import { demoImageScene } from '../../../src/pipeline/sources/demo/scene';

/** Decodes the PNGs encodePng writes (RGB, 8 bits, filters None or Up) back into pixels. */
function decodePng(png: Buffer) {
  expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  let at = 8;
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect([body[8], body[9]]).toEqual([8, 2]);
    }
    if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * 3;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    expect([0, 2]).toContain(filter);
    for (let i = 0; i < stride; i++) {
      const above = filter === 2 && y > 0 ? pixels[(y - 1) * stride + i]! : 0;
      pixels[y * stride + i] = (raw[y * (stride + 1) + 1 + i]! + above) & 255;
    }
  }
  const at3 = (x: number, y: number) => [...pixels.subarray((y * width + x) * 3, (y * width + x) * 3 + 3)];
  return { width, height, at: at3, pixels };
}

const hex = (c: string) => [1, 3, 5].map((i) => Number.parseInt(c.slice(i, i + 2), 16));

describe('demo PNG thumbnails', () => {
  it('are valid 320x180 PNGs that draw the same scene as the full-size SVG', () => {
    const key = 'meme-u-PEPE-900-0';
    const scene = demoImageScene(key);
    const background = scene[0]!;
    expect(background.kind).toBe('rect');
    const png = decodePng(renderDemoThumbnail(key));
    expect([png.width, png.height]).toEqual([320, 180]);
    // A corner shows the card's colour; the middle is lightened by the translucent circle.
    expect(png.at(2, 2)).toEqual(hex((background as { fill: string }).fill));
    expect(png.at(160, 40)).not.toEqual(png.at(2, 2));
    // The caption is white pixel-font text on the card.
    let white = 0;
    for (let y = 137; y < 152; y++) for (let x = 0; x < 320; x++) if (png.at(x, y).every((c) => c === 255)) white++;
    expect(white).toBeGreaterThan(100);
  });

  it('draw rising charts with green candles and falling ones with red, deterministically', () => {
    const count = (key: string, colour: number[]) => {
      const { pixels } = decodePng(renderDemoThumbnail(key));
      let n = 0;
      for (let i = 0; i < pixels.length; i += 3)
        if (pixels[i] === colour[0] && pixels[i + 1] === colour[1] && pixels[i + 2] === colour[2]) n++;
      return n;
    };
    const [green, red] = [hex('#22c55e'), hex('#ef4444')];
    expect(count('chart-u-SOL-901-0', green)).toBeGreaterThan(count('chart-u-SOL-901-0', red));
    expect(count('chart-d-SOL-902-0', red)).toBeGreaterThan(count('chart-d-SOL-902-0', green));
    expect(renderDemoThumbnail('shot-f-BTC-903-1').equals(renderDemoThumbnail('shot-f-BTC-903-1'))).toBe(true);
    expect(renderDemoThumbnail('shot-f-BTC-903-1').equals(renderDemoThumbnail('shot-f-BTC-903-2'))).toBe(false);
    // Unknown keys still get a picture.
    expect(decodePng(renderDemoThumbnail('<odd> & "quoted"')).width).toBe(320);
  });
});

describe('Bitmap', () => {
  it('covers fractional rectangle edges partially and whole pixels fully', () => {
    const b = new Bitmap(4, 1);
    b.fillRect(0.5, 0, 2, 1, [200, 100, 0]);
    const px = (x: number) => [...b.pixels.subarray(x * 3, x * 3 + 3)];
    expect(px(0)).toEqual([100, 50, 0]);
    expect(px(1)).toEqual([200, 100, 0]);
    expect(px(2)).toEqual([100, 50, 0]);
    expect(px(3)).toEqual([0, 0, 0]);
  });

  it('fills circles with anti-aliased edges and leaves the outside alone', () => {
    const b = new Bitmap(20, 20);
    b.fillCircle(10, 10, 6, [255, 255, 255]);
    const red = (x: number, y: number) => b.pixels[(y * 20 + x) * 3]!;
    expect(red(10, 10)).toBe(255);
    expect(red(0, 0)).toBe(0);
    expect(red(14, 14)).toBeGreaterThan(0);
    expect(red(14, 14)).toBeLessThan(255);
  });
});
