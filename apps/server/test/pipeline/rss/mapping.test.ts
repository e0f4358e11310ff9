import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeEntities, htmlToText, imageUrls } from '../../../src/pipeline/sources/rss/html';
import { createRssSource } from '../../../src/pipeline/sources/rss/index';
import { type FeedServer, fixture, startFeedServer } from './feed-server';

let host: FeedServer;
const signal = new AbortController().signal;
const zero = { likeCount: 0, retweetCount: 0, replyCount: 0, quoteCount: 0, impressionCount: 0 };

beforeEach(async () => {
  host = await startFeedServer();
});
afterEach(() => host.close());

describe('rss source: mapping Nitter RSS', () => {
  it('maps ids, text, images, authors and retweets; rejects items without a status', async () => {
    host.feeds.set('/alice_crypto/rss', { body: fixture('nitter-alice.xml') });
    const batch = await createRssSource({ feeds: [`${host.url}/alice_crypto/rss`] }).fetch(null, signal);

    const alice = {
      id: '',
      username: 'alice_crypto',
      name: 'Alice ✨',
      icon: 'https://nitter.net/pic/pbs.twimg.com%2Fprofile_images%2F1590000000000000000%2FAbCdEfGh_400x400.jpg',
      followersCount: 0,
      isBlueVerified: false,
      verifiedType: 'none',
    };
    expect(batch.posts[0]).toEqual({
      id: '1858800000000000003',
      text: 'gm #BTC to $100k 🚀\n\nsecond line & Alice\'s "take" 📈 <not a tag>',
      createdAt: Date.UTC(2024, 10, 19, 10) / 1000,
      lang: '',
      author: alice,
      medias: [
        {
          imgUrlThumb: 'https://nitter.net/pic/orig/media%2FGcAbCdEXoAAzzzz.jpg',
          imgUrlOrigin: 'https://nitter.net/pic/orig/media%2FGcAbCdEXoAAzzzz.jpg',
        },
        {
          imgUrlThumb: 'https://nitter.net/pic/orig/media%2FGcAbCdEXoAAyyyy.png',
          imgUrlOrigin: 'https://nitter.net/pic/orig/media%2FGcAbCdEXoAAyyyy.png',
        },
      ],
      metrics: zero,
    });

    // The retweet is bob's post under its own id; a relative /pic/ URL resolves on the Nitter host.
    expect(batch.posts[1]).toMatchObject({
      id: '1858700000000000002',
      text: 'ETH staking ratio just hit a new high',
      author: { id: '', username: 'bob_defi', name: 'bob_defi', icon: '' },
      medias: [
        { imgUrlThumb: 'https://nitter.net/pic/ext_tw_video_thumb%2F1858700000000000000%2Fpu%2Fimg%2FVidThumb.jpg' },
      ],
    });
    // An empty description falls back to the title.
    expect(batch.posts[2]).toMatchObject({
      id: '1858600000000000001',
      text: "R to @carol: agreed, SOL fees are tiny & it's fast",
    });
    // A bad pubDate falls back to the time inside the snowflake id.
    const snowflake = Math.floor(Number((1700000000000000000n >> 22n) + 1288834974657n) / 1000);
    expect(batch.posts[3]).toMatchObject({
      id: '1700000000000000000',
      text: 'my rules for trading',
      createdAt: snowflake,
    });
    expect(batch.posts).toHaveLength(4);
    expect(batch.rejected).toEqual([
      { reason: 'no status id in link or guid', sample: expect.stringContaining('new banner') },
    ]);
  });
});

describe('rss source: mapping RSSHub Atom', () => {
  it('maps entries, escaped and CDATA HTML, pbs.twimg.com images and the feed title', async () => {
    host.feeds.set('/twitter/user/bob_defi', {
      body: fixture('rsshub-bob.atom.xml'),
      contentType: 'application/atom+xml',
    });
    const batch = await createRssSource({ feeds: [`${host.url}/twitter/user/bob_defi`] }).fetch(null, signal);
    expect(batch.posts).toEqual([
      {
        id: '1858900000000000002',
        text: 'Aave v4 is live.\nLending rates & risk params below 👇',
        createdAt: Date.parse('2024-11-19T11:59:00.000Z') / 1000,
        lang: '',
        author: {
          id: '',
          username: 'bob_defi',
          name: 'Bob DeFi 🏗️',
          icon: 'https://pbs.twimg.com/profile_images/1600000000000000000/Bob_400x400.jpg',
          followersCount: 0,
          isBlueVerified: false,
          verifiedType: 'none',
        },
        medias: [
          {
            imgUrlThumb: 'https://pbs.twimg.com/media/GcZzYyXxAAAbbbb?format=jpg&name=orig',
            imgUrlOrigin: 'https://pbs.twimg.com/media/GcZzYyXxAAAbbbb?format=jpg&name=orig',
          },
        ],
        metrics: zero,
      },
      {
        id: '1858850000000000001',
        text: 'moved 1,000 $BTC to cold storage\n\nnot financial advice',
        createdAt: Date.parse('2024-11-19T11:00:00.000Z') / 1000,
        lang: '',
        author: {
          id: '',
          username: 'dave_whale',
          name: 'Dave Whale',
          icon: '',
          followersCount: 0,
          isBlueVerified: false,
          verifiedType: 'none',
        },
        medias: [],
        metrics: zero,
        // Dave's post quotes another (RSSHub's rsshub-quote block); bob only retweeted it.
        refKind: 'quote',
      },
    ]);
    expect(batch.rejected.map((r) => r.reason)).toEqual(['no status id in link or guid']);
  });
});

describe('rss source: reposts, quotes and replies', () => {
  const item = (id: string, title: string, html: string, extra = '') =>
    `<item><title>${title}</title>${extra}<description><![CDATA[${html}]]></description>
     <pubDate>Tue, 19 Nov 2024 10:00:00 GMT</pubDate><link>https://nitter.net/${extra ? 'i/web' : 'alice_crypto'}/status/${id}#m</link></item>`;
  const creator = '<dc:creator>@alice_crypto</dc:creator>';

  it('marks them from the text, the retweet and reply titles and quoted statuses', async () => {
    const xml = `<?xml version="1.0"?><rss xmlns:dc="http://purl.org/dc/elements/1.1/" version="2.0"><channel>
      <title>Alice / @alice_crypto</title><link>https://nitter.net/alice_crypto</link>
      ${item('11', 'RT @bob_defi: $ETH to 10k', '<p>RT @bob_defi: $ETH to 10k</p>', creator)}
      ${item('12', 'RT by @alice_crypto: $SOL up only', '<p>$SOL up only</p>', ' ')}
      ${item('13', 'this is the one', '<p>this is the one</p>\n<p><a href="https://nitter.net/bob_defi/status/99#m">nitter.net/bob_defi/status/99#m</a></p>', creator)}
      ${item('14', 'R to @carol: agreed', '<p>agreed</p>', creator)}
      ${item('15', 'gm $BTC', '<p>gm <a href="https://nitter.net/search?q=%24BTC">$BTC</a> <a href="https://nitter.net/alice_crypto/status/15/photo/1">pic</a></p>', creator)}
      </channel></rss>`;
    host.feeds.set('/alice_crypto/rss', { body: xml });
    const batch = await createRssSource({ feeds: [`${host.url}/alice_crypto/rss`] }).fetch(null, signal);
    expect(batch.rejected).toEqual([]);
    expect(batch.posts.map((p) => [p.id, p.author.username, p.refKind])).toEqual([
      ['11', 'alice_crypto', 'repost'],
      // A retweet whose original author the item does not name stands under alice: a repost.
      ['12', 'alice_crypto', 'repost'],
      ['13', 'alice_crypto', 'quote'],
      ['14', 'alice_crypto', 'reply'],
      // Links to itself and to a search are not quotes.
      ['15', 'alice_crypto', undefined],
    ]);
    expect(batch.posts.at(-1)).not.toHaveProperty('refKind');
  });

  it("keeps a retweet whose author is named as that author's original post", async () => {
    host.feeds.set('/alice_crypto/rss', { body: fixture('nitter-alice.xml') });
    const batch = await createRssSource({ feeds: [`${host.url}/alice_crypto/rss`] }).fetch(null, signal);
    expect(batch.posts.map((p) => [p.author.username, p.refKind])).toEqual([
      ['alice_crypto', undefined],
      ['bob_defi', undefined],
      ['alice_crypto', 'reply'],
      ['alice_crypto', undefined],
    ]);
  });
});

describe('rss source: HTML to text', () => {
  it('strips tags, decodes entities and keeps line breaks', () => {
    expect(htmlToText('<p>a &amp; b</p><p>c&#39;s <b>bold</b></p>')).toBe("a & b\n\nc's bold");
    expect(htmlToText('x<br/>y<br />z')).toBe('x\ny\nz');
    expect(htmlToText('&#128640; &#x1F680; &nbsp;&hellip; &unknown; &#xD800;')).toBe('🚀 🚀 … &unknown; &#xD800;');
    expect(htmlToText('&amp;lt;b&amp;gt;')).toBe('&lt;b&gt;'); // decoded once, not twice
    expect(htmlToText('<script>alert(1)</script>ok<!-- c -->')).toBe('ok');
    expect(decodeEntities('&QUOT;&Amp;')).toBe('"&');
  });

  it('finds images, skipping avatars, emoji and data URLs', () => {
    const html =
      '<img src="/pic/media%2Fa.jpg"><img src=\'https://pbs.twimg.com/profile_images/1/x.jpg\'>' +
      '<video poster="https://nitter.net/pic/v.jpg"></video><img src="data:image/png;base64,AA"><img src="/pic/media%2Fa.jpg">';
    expect(imageUrls(html, 'https://nitter.example/u/status/1')).toEqual([
      'https://nitter.example/pic/media%2Fa.jpg',
      'https://nitter.net/pic/v.jpg',
    ]);
  });
});
