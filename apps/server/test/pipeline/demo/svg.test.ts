import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import {
  demoAccounts,
  generateDemoPosts,
  renderDemoAvatar,
  renderDemoImage,
} from '../../../src/pipeline/sources/demo/index';
import { NOW } from './helpers';

const wellFormed = (svg: string) => {
  expect(XMLValidator.validate(svg)).toBe(true);
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg.endsWith('</svg>')).toBe(true);
};

describe('demo SVG renderers', () => {
  it('draws avatars as shapes, never initials or text, different per account, stable per id', () => {
    const accounts = demoAccounts(1);
    const svgs = accounts.slice(0, 300).map((a) => renderDemoAvatar(a.id));
    for (const svg of svgs) {
      wellFormed(svg);
      expect(svg).not.toContain('<text');
      // A gradient background plus at least two drawn shapes.
      expect(svg.match(/<(rect|circle|path)\b/g)!.length).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(svgs).size).toBeGreaterThan(290);
    const org = accounts.find((a) => a.verifiedType === 'business')!;
    expect(renderDemoAvatar(org.id)).toBe(renderDemoAvatar(org.id));
    const tg = accounts.find((a) => a.network === 'telegram')!;
    wellFormed(renderDemoAvatar(tg.id));
    wellFormed(renderDemoAvatar('<&>"unknown'));
    expect(renderDemoAvatar('<&>"unknown')).not.toContain('<&>');
  });

  it('draws every kind of post image, in both sizes, from the keys posts carry', () => {
    const posts = generateDemoPosts({ fromMs: NOW - 86_400_000, toMs: NOW });
    const keys = new Map<string, string>();
    for (const p of posts) {
      for (const m of p.medias) {
        const key = m.imgUrlOrigin.replace(/^\/demo-media\/image\/(.+)\.svg$/, '$1');
        expect(m.imgUrlThumb).toBe(`/demo-media/image/${key}.png`);
        keys.set(key.split('-').slice(0, 2).join('-'), key);
      }
    }
    expect([...keys.keys()].some((k) => k.startsWith('chart'))).toBe(true);
    expect([...keys.keys()].some((k) => k.startsWith('meme'))).toBe(true);
    expect([...keys.keys()].some((k) => k.startsWith('shot'))).toBe(true);
    for (const key of keys.values()) {
      const origin = renderDemoImage(key);
      wellFormed(origin);
      expect(origin).toBe(renderDemoImage(key));
      expect(origin).toContain('width="800"');
    }
    wellFormed(renderDemoImage('anything <odd> & "quoted"'));
  });
});
