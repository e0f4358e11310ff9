import { describe, expect, it } from 'vitest';
import { linksNotInText, splitPostText } from './postText';

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

describe('post links', () => {
  const article = 'https://www.coindesk.com/markets/2026/11/28/bitcoin-etf-flows-turn';
  it('links an anchor’s words to its URL and names the domain beside them', () => {
    expect(splitPostText('ETF flows turned — link $BTC', [{ url: article, text: 'link' }])).toEqual([
      { kind: 'text', text: 'ETF flows turned — ' },
      { kind: 'url', text: 'link', href: article, domain: 'coindesk.com' },
      { kind: 'text', text: ' ' },
      { kind: 'cashtag', text: '$BTC' },
    ]);
  });

  it('opens the full URL behind a shortened label, and shows long bare URLs short', () => {
    const wiki = 'https://en.wikipedia.org/wiki/Nicolas_Cage_filmography';
    expect(
      splitPostText('see en.wikipedia.org/wiki/Nicolas...', [{ url: wiki, text: 'en.wikipedia.org/wiki/Nicolas...' }]),
    ).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'url', text: 'en.wikipedia.org/wiki/Nicolas...', href: wiki },
    ]);
    expect(splitPostText(article)).toEqual([{ kind: 'url', text: 'coindesk.com/markets/2026/11/28…', href: article }]);
  });

  it('links each occurrence in order and leaves links whose words are absent to the caller', () => {
    const links = [
      { url: 'https://a.example/1', text: 'here' },
      { url: 'https://b.example/2', text: 'here' },
      { url: 'https://c.example/3', text: 'elsewhere' },
    ];
    const parts = splitPostText('here and here', links).filter((p) => p.kind === 'url');
    expect(parts.map((p) => p.kind === 'url' && p.href)).toEqual(['https://a.example/1', 'https://b.example/2']);
    expect(linksNotInText('here and here', links)).toEqual([links[2]]);
  });
});
