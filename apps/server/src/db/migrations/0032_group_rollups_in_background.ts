// KOL-group coin rollups counted in the background (issue 34 item 5; db/repos/group-rollups.ts):
// saving a coin opinion or mindshare view of a broad group counted the group's whole history
// inside the request (20 s for All KOLs at 220k posts) and answered 503. A group listed here is
// kept by the triggers but not yet exact: reports read its members' per-author rows meanwhile,
// and the background count recounts it key range by key range, from (next_coin, next_bucket)
// on (NULL: from the first key). Not part of the opinion family (db/rollups/opinion.ts), so
// re-applying the family keeps it, as it keeps opinion_groups.
export default /* sql */ `
CREATE TABLE opinion_group_recounts (
  group_id bigint PRIMARY KEY REFERENCES opinion_groups (group_id) ON DELETE CASCADE,
  next_coin text,
  next_bucket bigint
);
`;
