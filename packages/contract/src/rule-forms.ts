/**
 * The forms a client may send matching rules in, and their one canonical (stored) form.
 *
 * The spec (section 3, "Matching rule group") describes rules as plain strings: a category id,
 * a keyword, a coin symbol, an account id or handle, and fans as a pair of strings (min, max).
 * The web app sends and reads the object form `{label, value, data}`. Both are accepted here,
 * rule by rule (one group may mix them), and every rule leaves the schema in the object form,
 * so the server stores one shape and view/info answers in the form the web app reads.
 */
import { z } from 'zod';
import { type MatchingRule, matchingRule } from './entities';
import type { MessageKey } from './messages';
import { VIEW_LIMITS } from './constants';
import { stripAt, stripCoinDollar } from './rules';

/** A plain value's text; a too long one is refused with the rule type's own message. */
const text = (error: MessageKey, max = 200) => z.string().max(max, { error });

function fail(ctx: z.RefinementCtx, message: MessageKey): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

/**
 * One rule: a plain value (`plain`, a string unless told) or the object form; `toRule` turns the
 * plain one. Any failure is reported with the rule type's message key, at the rule's index.
 */
function ruleOf<P extends z.ZodType>(
  error: MessageKey,
  toRule: (value: z.output<P>, ctx: z.RefinementCtx) => MatchingRule,
  plain: P,
) {
  return z
    .union([plain, matchingRule], { error })
    .transform((r, ctx): MatchingRule => (isObjectRule(r) ? r : toRule(r as z.output<P>, ctx)));
}

function isObjectRule(r: unknown): r is MatchingRule {
  return typeof r === 'object' && r !== null && !Array.isArray(r);
}

/**
 * A keyword: free text; a blank one is dropped later, like a blank keyword of the object form.
 * Either form is refused above VIEW_LIMITS.keywordLength (the object form's label and value
 * could otherwise carry 200 characters into the matcher).
 */
const keywordRuleInput = ruleOf(
  'rule_keyword_invalid',
  (s) => {
    const word = s.trim();
    return { label: word, value: word };
  },
  text('rule_keyword_invalid', VIEW_LIMITS.keywordLength),
).refine((r) => (r.value ?? r.label ?? '').trim().length <= VIEW_LIMITS.keywordLength, {
  error: 'rule_keyword_invalid',
});

/** Catalogue symbols are letters and digits; a few chains add '.', '_' or '-'. */
export const COIN_SYMBOL = /^[\p{L}\p{N}._-]{1,20}$/u;
/** 'BTC', '$btc': stored without the `$`, upper case. */
const coinRuleInput = ruleOf(
  'rule_coin_invalid',
  (s, ctx) => {
    const coin = stripCoinDollar(s).toUpperCase();
    if (!COIN_SYMBOL.test(coin)) return fail(ctx, 'rule_coin_invalid');
    return { label: coin, value: coin };
  },
  text('rule_coin_invalid'),
);

const CATEGORY_ID = /^[a-z0-9-]{1,60}(\/[a-z0-9-]{1,60})?$/;
/** 'defi' or 'defi/dex'; whether the category exists is the server's check (category_unknown). */
const categoryRuleInput = ruleOf(
  'rule_category_invalid',
  (s, ctx) => {
    const id = s.trim().toLowerCase();
    if (!CATEGORY_ID.test(id)) return fail(ctx, 'rule_category_invalid');
    return { label: id, value: id };
  },
  text('rule_category_invalid'),
);

// X handles: 1-15 word characters; 50 leaves room for other sources' names.
const HANDLE = /^\w{1,50}$/;
// X account ids are numeric; accounts known only by handle have the id `handle:<name>`.
const ACCOUNT_ID = /^(\d{1,25}|handle:\w{1,50})$/;
/**
 * '@handle' or 'handle' names an account by handle (X ids are numeric, so a bare word cannot be
 * one); '12345' or 'handle:name' by id. The server fills the other half from the accounts it
 * knows (services/view-authors.ts).
 */
const authorRuleInput = ruleOf(
  'rule_author_invalid',
  (s, ctx) => {
    const raw = s.trim();
    if (!raw.startsWith('@') && ACCOUNT_ID.test(raw)) return { label: raw, value: raw, data: { username: '' } };
    const username = stripAt(raw);
    if (!HANDLE.test(username)) return fail(ctx, 'rule_author_invalid');
    return { label: `@${username}`, value: '', data: { username } };
  },
  text('rule_author_invalid'),
);

/** One bound: a whole number >= 0, as a number or a string; '' (or null) is no bound (0). */
function bound(v: string | number | null, ctx: z.RefinementCtx): number {
  if (v === null) return 0;
  if (typeof v === 'number') return Number.isSafeInteger(v) && v >= 0 ? v : fail(ctx, 'rule_fans_invalid');
  const s = v.trim();
  if (s === '') return 0;
  return /^\d{1,15}$/.test(s) ? Number(s) : fail(ctx, 'rule_fans_invalid');
}

const fansBound = z.union([text('rule_fans_invalid', 20), z.number(), z.null()]);
const fansPair = z.tuple([fansBound, fansBound]);
type FansPair = z.output<typeof fansPair>;

/**
 * A pair [min, max] (0 or '' as max is unlimited). Unlike the object form, whose reversed
 * bounds are swapped as the forms do (spec section 5), a reversed pair is refused: a caller
 * writing the pair by hand more likely mistyped a bound than meant it the other way round.
 */
const fansRuleInput = ruleOf(
  'rule_fans_invalid',
  (pair, ctx) => {
    const min = bound(pair[0], ctx);
    const max = bound(pair[1], ctx);
    if (min > 0 && max > 0 && min > max) return fail(ctx, 'rule_fans_reversed');
    return { label: `${min}-${max}`, value: `${min},${max}`, data: { minFans: min, maxFans: max } };
  },
  fansPair,
);

const isBound = (v: unknown) => typeof v === 'string' || typeof v === 'number' || v === null;
/** `rules: ['1000', '50000']` is the spec's single pair itself: read it as one rule. */
const fansRules = z.preprocess(
  (v) => (Array.isArray(v) && v.length === 2 && v.every(isBound) ? [v] : v),
  z.array(fansRuleInput).max(200),
) as unknown as z.ZodType<MatchingRule[], (FansPair | MatchingRule)[] | FansPair>;

const MAX_RULES = 200;
const groupOf = <T extends string, R extends z.ZodType>(type: T, rule: R) =>
  z.object({ type: z.literal(type), rules: z.array(rule).max(MAX_RULES) });

/** A matching rule group as a request may send it; parses to the canonical `MatchingRuleGroup`. */
export const matchingRuleGroupInput = z.discriminatedUnion('type', [
  groupOf('crypto_types', categoryRuleInput),
  groupOf('keywords', keywordRuleInput),
  groupOf('coins', coinRuleInput),
  groupOf('authors', authorRuleInput),
  z.object({ type: z.literal('fans'), rules: fansRules }),
]);

const eventKeyword = keywordRuleInput
  .transform((r) => r.value ?? r.label ?? '')
  .pipe(z.string().max(VIEW_LIMITS.keywordLength, { error: 'rule_keyword_invalid' }));
/**
 * An event opinion view's keyword group: `keywords` (the web app's form) or `rules` (the feeds'
 * form), each item a string or a keyword rule object. Parses to `{type: 'keywords', keywords}`.
 */
export const keywordRuleGroupInput = z
  .object({
    type: z.literal('keywords'),
    keywords: z.array(eventKeyword).max(50).optional(),
    rules: z.array(eventKeyword).max(50).optional(),
  })
  .transform((g) => ({ type: g.type, keywords: [...(g.keywords ?? []), ...(g.rules ?? [])] }))
  .refine((g) => g.keywords.length <= 50, { path: ['keywords'] });
