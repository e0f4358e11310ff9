import { describe, expect, it } from 'vitest';
import { imageSrc } from './imageSrc';

describe('imageSrc', () => {
  it('keeps own images and sends others through the proxy', () => {
    expect(imageSrc('/demo-media/avatar/1.svg')).toBe('/demo-media/avatar/1.svg');
    expect(imageSrc('https://pbs.twimg.com/a b.jpg')).toBe('/media/proxy?url=https%3A%2F%2Fpbs.twimg.com%2Fa%20b.jpg');
    expect(imageSrc('//evil.example/x.png')).toBe('');
    expect(imageSrc('javascript:alert(1)')).toBe('');
    expect(imageSrc(undefined)).toBe('');
  });
});
