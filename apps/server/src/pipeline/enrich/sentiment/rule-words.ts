/**
 * Word sets and patterns the scoring rules (rules.ts) look for, kept apart from the loop so the
 * rules read as logic and the vocabulary can be extended on its own.
 */

const set = (words: string) => new Set(words.split(' '));

/** Words before a percentage that give it a direction ('up 12%', 'fell 8%'). */
export const UP_WORDS = set('up gained gain gains rose jumped pumped surged rallied higher');
export const DOWN_WORDS = set('down lost fell dropped dumped lower crashed tanked minus');
export const BROADCAST_RE = /https?:\/\/|www\.|#\w+[^#]*#\w+/;
/** Trade-signal and alert bots: 'LONG ... Entry ... Stop Loss ... TP1'. Two such fields make a form. */
export const SIGNAL_RE =
  /\b(?:entry|stop ?loss|take ?profit|tp ?\d|sl|leverage|alert|signal|target price|price prediction|volume)\b/gi;
export const LIKE_SUBJECTS = set("i we you they really still also do don't dont all");
export const ZERO_LEADS = set('to worth at be is now');
export const TARGET_WORDS = set('target targets pt tp tgt');
/** '10x', '100x from here' call for gains, unless the multiple is the leverage of a trade. */
export const LEVERAGE_WORDS = set('lev leverage leveraged long short margin');
/** '/s' at the end of a phrase marks sarcasm (Reddit convention). */
export const SARCASM_RE = /(?:^|\s)\/s(?:$|[\s.!)])/;
/** A price, not a count: '$20,000', '30k', '1.2m' ('over 100 people' is no price level). */
export const PRICE_RE = /^\$|\d[kKmM]$/;
/** Buying into weakness is the bull's move: 'bought the dip', 'adding on this crash'. */
export const BUY_VERBS = set(
  'buy buying bought add adding added load loading loaded grab grabbing grabbed scoop scooping scooped ' +
    'accumulate accumulating accumulated stack stacking stacked',
);
export const DIP_WORDS = set('dip dips crash correction pullback sale fear blood red weakness');
/** ...and selling into strength is the bear's: 'sell the rip', 'shorting this bounce', 'sell on rise'. */
export const SELL_VERBS = set('sell selling sold short shorting shorted exit exiting');
export const RIP_WORDS = set('rip rips rally rallies rise pump pumps bounce bounces strength green');
/** How many words apart a trade verb and its dip or rip may be ('added a bag on this crash'). */
export const DIP_REACH = 5;
/**
 * 'failed to break out', 'unable to hold', 'supposed to be a hedge', 'yet to see a use': a failure,
 * a broken promise or a wait before 'to' negates what follows.
 */
export const FAIL_WORDS = set('failed fails fail failing unable supposed yet');
/** Words a negator reaches over without using up its reach: "won't be bitcoin's year", 'not btc'. */
export const NEG_TRANSPARENT = set('it be bitcoin btc eth ethereum crypto');
