// Copies must name the same coins as their leader (domain/text-fingerprint.ts, anchors). Copies
// folded before that rule into a leader about other coins are leaders again: their feeds showed
// one coin's news under another's card. (Copies whose numbers differ are left: the text's
// tokens are not read in SQL; they are rare and about the same coin.) Each freed post leads
// itself: clusters are not re-formed. Runs after the rollups count a cluster once, so the
// posts triggers move the freed posts' counts in.
export default /* sql */ `
UPDATE posts c SET copy_of = NULL
FROM posts l
WHERE c.copy_of IS NOT NULL AND l.id = c.copy_of
  AND NOT (c.coins @> l.coins AND c.coins <@ l.coins);
`;
