/**
 * The data-source page names the public networks the server collects (issue 29: it said X only
 * while the feeds carried Telegram and Farcaster posts): each source's networks, in one order.
 */
import { describe, expect, it } from 'vitest';
import { collectedNetworks } from '../../src/pipeline/sources/names';

describe('collected networks', () => {
  it('are the networks of the configured sources, X too when the push source is on', () => {
    expect(collectedNetworks(['demo'], false)).toEqual(['x', 'telegram', 'farcaster']);
    expect(collectedNetworks(['farcaster', 'bluesky'], false)).toEqual(['bluesky', 'farcaster']);
    expect(collectedNetworks(['telegram'], true)).toEqual(['x', 'telegram']);
    expect(collectedNetworks(['x-api', 'rss'], false)).toEqual(['x']);
    expect(collectedNetworks([], false)).toEqual([]);
  });
});
