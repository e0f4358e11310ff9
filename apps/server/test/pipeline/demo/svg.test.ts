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
  it('draws avatars with initials, Latin or Chinese, and a fallback for unknown ids', () => {
    const accounts = demoAccounts(1);
    const en = accounts.find((a) => a.lang === 'en' && a.verifiedType === 'none')!;
    const zh = accounts.find((a) => /^\p{Script=Han}/u.test(a.name))!;
    for (const a of [en, zh, ...accounts.slice(0, 50)]) wellFormed(renderDemoAvatar(a.id));
    expect(renderDemoAvatar(zh.id)).toContain(`>${zh.name.match(/\p{Script=Han}/u)![0]}</text>`);
    expect(renderDemoAvatar(en.id)).toMatch(/>[A-Z]{1,2}<\/text>/);
    expect(renderDemoAvatar(en.id)).toBe(renderDemoAvatar(en.id));
    wellFormed(renderDemoAvatar('<&>"unknown'));
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
