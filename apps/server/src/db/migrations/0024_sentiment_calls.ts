// How sure each reading is, and whether it is a call (issue 30 §1). sentiment_confidence is the
// calibrated probability of the label (NULL when the classifier has none: the rules, an LLM);
// sentiment_call is 1 or -1 when the reading is sure enough to count in track records, 0 when it
// is not. NULL (posts stored before this migration) reads as the label, as before, until
// `kolscope reclassify` re-reads them: no table rewrite on upgrade.
export default /* sql */ `
ALTER TABLE posts ADD COLUMN IF NOT EXISTS sentiment_confidence real;
ALTER TABLE posts ADD COLUMN IF NOT EXISTS sentiment_call smallint;
`;
