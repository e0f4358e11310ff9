// Ingest at 2,000 posts/s (issue 32 §2, bench/notes/ingest.md). Persons: a batch's accounts that
// name a profile are looked up by id case-insensitively (personsRepo.resolve); without an index on
// lower(id) that lookup read every account on every batch.
export default /* sql */ `
CREATE INDEX IF NOT EXISTS x_accounts_by_lower_id ON x_accounts (lower(id));
`;
