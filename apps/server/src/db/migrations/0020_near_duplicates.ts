// Near-duplicates (issue 17 §3). `fingerprint` is the text's 64-bit SimHash
// (domain/text-fingerprint.ts), NULL for texts too short to judge and for posts stored before this
// migration (they are never folded). `copy_of` is the id of the cluster's leader, the earliest
// post of the same text by another account within COPY_WINDOW_SECONDS; NULL for originals.
// posts_copies finds a leader's copies for its "and N others" line.
export default /* sql */ `
ALTER TABLE posts ADD COLUMN fingerprint bigint;
ALTER TABLE posts ADD COLUMN copy_of text;
CREATE INDEX posts_copies ON posts (copy_of, ct) WHERE copy_of IS NOT NULL;
`;
