// What a post is to another post (issue 16 §3): '' an original post, 'repost', 'quote' or
// 'reply'. A track record counts an author's own calls, so reposts and quotes of someone else's
// call are left out; sources that cannot tell (RSS without markers) store ''.
export default /* sql */ `
ALTER TABLE posts ADD COLUMN ref_kind text NOT NULL DEFAULT '' CHECK (ref_kind IN ('', 'repost', 'quote', 'reply'));
`;
