import { describe, expect, it } from 'vitest';
import { splitPostText } from './postText';

describe('post text', () => {
  it('keeps plain text whole', () => {
    expect(splitPostText('gm, frens')).toEqual([{ kind: 'text', text: 'gm, frens' }]);
    expect(splitPostText('')).toEqual([]);
  });

  it('marks cashtags, hashtags, mentions and links', () => {
    expect(splitPostText('$BTC to 100k? #bitcoin @saylor https://x.com/a/1.')).toEqual([
      { kind: 'cashtag', text: '$BTC' },
      { kind: 'text', text: ' to 100k? ' },
      { kind: 'hashtag', text: '#bitcoin' },
      { kind: 'text', text: ' ' },
      { kind: 'mention', text: '@saylor' },
      { kind: 'text', text: ' ' },
      { kind: 'url', text: 'x.com/a/1', href: 'https://x.com/a/1' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('leaves prices, e-mail addresses and mid-word signs alone', () => {
    expect(splitPostText('BTC at $100,000 mail a@b.co x#y')).toEqual([
      { kind: 'text', text: 'BTC at $100,000 mail a@b.co x#y' },
    ]);
  });

  it('marks Chinese hashtags', () => {
    expect(splitPostText('大饼 #比特币 起飞')).toEqual([
      { kind: 'text', text: '大饼 ' },
      { kind: 'hashtag', text: '#比特币' },
      { kind: 'text', text: ' 起飞' },
    ]);
  });
});
