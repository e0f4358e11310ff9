/**
 * A tiny anti-aliased RGB canvas: axis-aligned rectangles (exact pixel coverage), rounded
 * rectangles and circles (4x4 supersampled edges). Enough to rasterise the demo pictures, whose
 * shapes are all of these kinds, without a native graphics library.
 */
import { encodePng } from './png';

export type Rgb = readonly [number, number, number];

export function parseHex(colour: string): Rgb {
  const n = Number.parseInt(colour.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const SUB = 4;

export class Bitmap {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
  }

  /** Blends `colour` over pixel (x, y) with weight `alpha` in [0, 1]. */
  private blend(x: number, y: number, colour: Rgb, alpha: number): void {
    if (alpha <= 0) return;
    const i = (y * this.width + x) * 3;
    if (alpha >= 1) {
      this.pixels[i] = colour[0];
      this.pixels[i + 1] = colour[1];
      this.pixels[i + 2] = colour[2];
      return;
    }
    const a = alpha;
    for (let c = 0; c < 3; c++) this.pixels[i + c] = Math.round(this.pixels[i + c]! * (1 - a) + colour[c]! * a);
  }

  /** A rectangle in pixel units; fractional edges get partial coverage. */
  fillRect(x: number, y: number, w: number, h: number, colour: Rgb, opacity = 1): void {
    const x0 = Math.max(0, Math.floor(x));
    const x1 = Math.min(this.width, Math.ceil(x + w));
    const y0 = Math.max(0, Math.floor(y));
    const y1 = Math.min(this.height, Math.ceil(y + h));
    for (let py = y0; py < y1; py++) {
      const cy = Math.min(py + 1, y + h) - Math.max(py, y);
      for (let px = x0; px < x1; px++) {
        const cx = Math.min(px + 1, x + w) - Math.max(px, x);
        this.blend(px, py, colour, cx * cy * opacity);
      }
    }
  }

  /** Any shape given by an inside test, over its bounding box, supersampled only at its edges. */
  private fillShape(
    box: { x: number; y: number; w: number; h: number },
    inside: (x: number, y: number) => boolean,
    colour: Rgb,
    opacity: number,
  ): void {
    const x0 = Math.max(0, Math.floor(box.x));
    const x1 = Math.min(this.width, Math.ceil(box.x + box.w));
    const y0 = Math.max(0, Math.floor(box.y));
    const y1 = Math.min(this.height, Math.ceil(box.y + box.h));
    for (let py = y0; py < y1; py++) {
      for (let px = x0; px < x1; px++) {
        // Corners in, corners out: a pixel wholly inside or outside needs no subsamples.
        const corners =
          Number(inside(px, py)) +
          Number(inside(px + 1, py)) +
          Number(inside(px, py + 1)) +
          Number(inside(px + 1, py + 1));
        let coverage = 1;
        if (corners === 0 && !inside(px + 0.5, py + 0.5)) continue;
        if (corners !== 4) {
          let hits = 0;
          for (let sy = 0; sy < SUB; sy++)
            for (let sx = 0; sx < SUB; sx++) if (inside(px + (sx + 0.5) / SUB, py + (sy + 0.5) / SUB)) hits++;
          coverage = hits / (SUB * SUB);
        }
        this.blend(px, py, colour, coverage * opacity);
      }
    }
  }

  fillCircle(cx: number, cy: number, r: number, colour: Rgb, opacity = 1): void {
    const r2 = r * r;
    this.fillShape(
      { x: cx - r, y: cy - r, w: 2 * r, h: 2 * r },
      (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r2,
      colour,
      opacity,
    );
  }

  fillRoundRect(x: number, y: number, w: number, h: number, radius: number, colour: Rgb, opacity = 1): void {
    const r = Math.min(radius, w / 2, h / 2);
    if (r <= 0.5) {
      this.fillRect(x, y, w, h, colour, opacity);
      return;
    }
    // The band between the corners is a plain rectangle; only the rows holding corners need the
    // shape test. Split on whole pixel rows so no pixel is blended twice.
    const bandTop = Math.ceil(y + r);
    const bandBottom = Math.floor(y + h - r);
    const inside = (px: number, py: number) => {
      if (px < x || px > x + w || py < y || py > y + h) return false;
      const dx = Math.max(x + r - px, 0, px - (x + w - r));
      const dy = Math.max(y + r - py, 0, py - (y + h - r));
      return dx * dx + dy * dy <= r * r;
    };
    if (bandBottom <= bandTop) {
      this.fillShape({ x, y, w, h }, inside, colour, opacity);
      return;
    }
    this.fillShape({ x, y, w, h: bandTop - y }, inside, colour, opacity);
    this.fillRect(x, bandTop, w, bandBottom - bandTop, colour, opacity);
    this.fillShape({ x, y: bandBottom, w, h: y + h - bandBottom }, inside, colour, opacity);
  }

  toPng(): Buffer {
    return encodePng(this.width, this.height, this.pixels);
  }
}
