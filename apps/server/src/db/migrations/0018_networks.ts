// Accounts and posts from several networks (issue 17 §1). The network is also readable from the id
// prefix (contract networks.ts), but a column keeps it indexable and explicit. `url` is the post's
// page on its network when the source knows it ('' lets the feed derive X's). `vanished` marks a
// post its network no longer shows (a deleted Telegram message): it is kept, flagged, not erased.
// `bio` and `links` are what the account says about itself: the source of cross-network links.
export default /* sql */ `
ALTER TABLE x_accounts ADD COLUMN network text NOT NULL DEFAULT 'x'
  CHECK (network IN ('x', 'telegram', 'bluesky', 'farcaster'));
ALTER TABLE x_accounts ADD COLUMN bio text NOT NULL DEFAULT '';
ALTER TABLE x_accounts ADD COLUMN links text[] NOT NULL DEFAULT '{}';
ALTER TABLE posts ADD COLUMN network text NOT NULL DEFAULT 'x'
  CHECK (network IN ('x', 'telegram', 'bluesky', 'farcaster'));
ALTER TABLE posts ADD COLUMN url text NOT NULL DEFAULT '';
ALTER TABLE posts ADD COLUMN vanished boolean NOT NULL DEFAULT false;
`;
