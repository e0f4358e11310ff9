/**
 * English post templates. `# name` starts a topic or storyline bank; each line is one template,
 * marked + bullish, - bearish, = neutral, worded so the opinion is clear to a reader (and to
 * the classifier). Slots: {c} coin as cashtag or name, {C} cashtag, {c2} another coin, {p}
 * price, {hi}/{lo} levels above/below, {pct} percent, {tf} timeframe, {usd} an amount,
 * {lev} leverage, {n} a small number, {proto} the protocol's name.
 */
export const EN_TEMPLATES = `
# ta
+ Breakout confirmed on {c}, next stop {hi} 🚀
+ {c} reclaimed {lo} on the {tf}. Bulls in control, targeting {hi}
+ Higher lows on {c} {tf}, this is going much higher. Long from {p}
+ Loaded more {c} at {p}. Bullish structure, invalidation below {lo}
+ {c} cup and handle on the {tf} 👀 measured move to {hi}. Send it
+ Told you {c} would hold {lo}. Up {pct}% since and still bullish
+ {c} looks incredibly strong here. Buying every dip until {hi}
- {c} lost support at {lo}, getting rekt here
- Bearish divergence on the {c} {tf} RSI. Expecting a dump toward {lo}
- Closed my {c} longs. Chart looks weak, lower highs everywhere 📉
- {c} rejected at {hi} again. Shorting the bounce, target {lo}
- Death cross on the {c} {tf}. Not touching it until {lo}
- {c} down {pct}% and still no bid. Bears in control, more downside coming
= {c} chopping between {lo} and {hi}. Waiting for a clean break either way
= What are your levels on {c}? Watching {lo} and {hi}
= {c} {tf} close in {n} hours, could go either way
= Range day on {c}. Sitting on my hands
= Anyone else watching {c} here? Volume is drying up
# deriv
+ {c} shorts getting squeezed, {usd} liquidated in an hour. Pump is just starting 🚀
+ Funding on {c} still negative while price grinds up. Bullish, longing with {lev}
+ Open interest rising with spot bid on {c}. Healthy rally, staying long
+ Opened a {c} long at {p}, stop at {lo}. Target {hi}
- {c} longs at {lev} getting liquidated, {usd} wiped out. Dump not over
- Funding on {c} is way too high. Overleveraged longs are exit liquidity, shorting
- Opened a {c} short at {p}. This rally is fake, OI pumped with no spot demand
- Got liquidated on my {c} long. Brutal market, stay safe 📉
= {c} open interest up {pct}% today, funding flat. Nobody knows where this goes
= {c} options expiry Friday, max pain at {p}
= How are you hedging {c} into the weekend? Perps or options?
# defi
+ {c} TVL up {pct}% this month. Fees are real, this is massively undervalued
+ {proto} revenue hit a new ATH. Accumulating {c}, bullish
+ Fee switch vote for {proto} is live. If it passes {c} rips
+ Rotating into DeFi. {c} looks like the best risk/reward here
- {proto} TVL bleeding for weeks. {c} keeps dumping, selling my bag
- Yields on {proto} collapsed. Mercenary capital leaving, bearish {c}
- {c} unlock next week, {usd} hitting the market. Expect a dump
= {proto} governance proposal to change the emissions schedule. Thread on what changes 🧵
= {proto} TVL now {usd}. Full breakdown by chain below
= Where are you getting the best stablecoin yield right now? {proto} still good?
# chain
+ {c} network activity at all-time highs. Fundamentals are insanely bullish
+ Mainnet upgrade on {c} shipped flawlessly. Long {c}, this is the chain to beat
+ Developers are moving to {c}. Buying more, {hi} this cycle
+ {c} ecosystem is on fire, every app is growing. Bullish
- {c} went down for {n} hours again. How is anyone building on this? Selling
- {c} fees are out of control and users are leaving. Bearish
- Nobody uses {c}. Ghost chain with a huge valuation, shorting it
= {c} upgrade scheduled for next week. Node operators, update your clients
= {c} daily active addresses: {n}00k, flat week over week
= Which L2 are you using most? {c} or {c2}?
# meme
+ {c} is the memecoin of this cycle. Going to the moon 🐸🚀
+ Just aped into {c}. Send it, 10x from here
+ {c} community is unreal. Bullish, not selling a single token
+ {c} printing green candles all day. Meme season is back 🚀
- {c} is a pump and dump. Dev wallets dumping on you
- Sold all my {c}. Memecoins are bleeding and liquidity is gone
- {c} down {pct}% this week, the top is in. Don't catch the knife
= {c} holders count up to {n}00k. Interesting to watch
= What's the next {c}? Looking for early memes
= {c} listed on another exchange today. Volume {usd}
# nft
+ {c} gaming ecosystem is finally shipping. Bullish on the whole sector
+ NFT volume up {pct}% on {c}. The comeback is real
+ Bought more {c}, gaming narrative is heating up 🎮
- NFTs are dead and {c} keeps dumping. Selling
- {c} game has no players. Token down {pct}%, bearish
= {c} announced a new game launch for next month. Details below
= What NFT collections are you still holding? {c} worth it?
# ai
+ AI agents are the narrative of the year. {c} leading, going higher 🤖🚀
+ {c} just partnered with a major compute provider. Very bullish
+ Accumulating {c}. Decentralized AI is massively undervalued
- AI coins are pure hype. {c} has no revenue, dumping
- {c} down {pct}% from the top. AI narrative is fading, bearish
= {c} subnet launch next week. What does it mean for the token?
= AI tokens ranked by market cap: {c} now in the top {n}
# stable
+ {c} supply up {usd} this week. Fresh liquidity entering crypto, bullish
+ Stablecoin inflows to exchanges surging. Dry powder ready to buy
- {c} briefly lost its peg. Scary, pulling my funds
- Stablecoin supply shrinking for weeks. Money leaving crypto, bearish
= {c} minted {usd} on Ethereum today
= Stablecoin supply on exchanges changed by {usd} this week
= Which stablecoin do you trust most, {c} or {c2}?
# exchange
+ {c} listing on a major exchange confirmed. Pumping {pct}% already 🚀
+ Exchange outflows of {c} at record levels. Holders are not selling, bullish
- Exchange inflows of {c} spiking. Whales preparing to dump
- Withdrawals paused on a major exchange again. Not your keys, not your coins. Bearish
= New listing: {C} spot trading opens at 10:00 UTC
= Exchange reserves of {c} down {pct}% this month
# macro
+ Liquidity is coming back. Rate cuts plus a weak dollar, {c} will fly
+ CPI came in cooler than expected. Risk on, bullish {c}
+ Institutions keep buying {c}. Treasury companies adding billions, bullish
- Dollar ripping and yields up. Risk off, {c} going lower
- Hot CPI print. Expect {c} to dump, reducing exposure
- Recession fears everywhere. Selling {c} and sitting in cash
= CPI data tomorrow at 8:30 ET. Expect volatility
= SEC roundtable on crypto market structure today. Notes below
= Jobs report Friday. Staying flat until then
= How do you think the election affects {c}?
# security
+ {proto} passed another full audit, no critical findings. Bullish {c}
+ Bug bounty paid out and fixed before any loss. {proto} team handled it well, still long {c}
- Another wallet drainer targeting {c} holders. Losses piling up, this space is a mess
- Phishing site cloning {proto} is draining wallets. Terrible for {c}
= Reminder: revoke old token approvals. Fake {proto} links are circulating
= Security firms flagged a suspicious contract impersonating {C}. Do not interact
# airdrop
+ {c} airdrop checker is live and it's generous. Bullish on the ecosystem
+ Farming {proto} points every day. This airdrop will be huge 🪂
- {c} airdrop was a joke, sybil filter killed real users. Dumping it
- Airdrop farmers dumping {c} the second the claim opened
= {c} airdrop snapshot happens next week. Full eligibility guide 🧵
= How many points do you have for the {proto} airdrop?
# etf_rumor
+ Hearing the SEC is close to approving a spot {C} ETF. If true this sends {c} to {hi} 🚀
+ Spot {C} ETF approval odds now above {n}0%. Accumulating before the news
+ {c} ETF is coming. Institutions are about to bid this hard
- The {c} ETF rumor is just a rumor. The SEC has delayed every time, selling the hype
- Everyone is long {c} into the ETF decision. Feels like sell the news 📉
= SEC decision on the spot {C} ETF filings expected within {n} days
= Reminder: the {c} ETF deadline is Friday. No confirmation from the SEC yet
= What happens to {c} if the SEC approves the ETF? Genuinely curious
# etf_approved
+ BREAKING: SEC approves spot {C} ETF. Historic day for {c} 🚀🚀
+ The {c} ETF is approved. Institutions are coming, {hi} is just the start
+ ETF approved and {c} ripping {pct}%. Told you to buy the rumor
- ETF approved and {c} already fading. Classic sell the news
- Spot {C} ETF approval was priced in. Taking profits here
= The SEC has approved the first spot {C} ETFs, trading starts tomorrow
= Spot {C} ETF approval is official. {c} volume up {pct}% in an hour
# etf_flows
+ Another day of strong inflows into the spot {C} ETFs, {usd} in. Bullish
+ ETF buyers absorbing every dip on {c}. Supply shock loading
- Spot {C} ETFs saw {usd} of outflows today. Demand already fading
= Spot {C} ETF daily flows: net {usd}. Full table below
# fomc_pre
= Fed meeting on Wednesday, staying flat until then
= FOMC this week. Reducing leverage and waiting for Powell
= Markets pricing a {n}0% chance of a rate cut. Big week for {c}
- Expecting a hawkish FOMC. Not buying {c} before the decision
+ FOMC will be dovish. Loading {c} before the meeting
# fomc_post
+ The Fed cut rates. Liquidity is coming back, very bullish {c} 🚀
+ Powell sounded dovish. {c} pumping, risk on
- Powell sounded hawkish. Risk assets dumping, {c} lost {lo}
- No cut from the Fed. Bearish, {c} heading lower
= FOMC statement is out: rates unchanged, dot plot below
# hack_news
- 🚨 {proto} has been exploited, roughly {usd} drained so far. {c} down {pct}%. Revoke approvals now
- {proto} hack confirmed. This is terrible for {c}, selling everything
- Another DeFi exploit. {proto} drained for {usd} and {c} crashing hard
- {c} collapsing after the {proto} exploit. Rekt
= {proto} team: we are aware of an incident and investigating. Do not interact with the contracts
= Attacker address linked to the {proto} exploit is bridging funds. Tracking it 🧵
= Is {proto} safe to use right now? Anyone have details on the exploit?
+ Bought the {c} dump after the exploit. Team treasury can cover the losses
# hack_after
- {c} still bleeding after the {proto} exploit. No reason to hold
- Trust in {proto} is gone after the hack. TVL down {pct}%, bearish {c}
= {proto} publishes post-mortem of the exploit: oracle manipulation. Compensation plan to follow
= {proto} governance vote on reimbursing hack victims is live
+ {proto} compensation plan looks solid. {c} is oversold, starting to buy
# meme_mania
+ {c} is going parabolic. 100x from here is not crazy 🚀
+ Every dip on {c} gets bought instantly. Meme season is here
+ Just aped more {c}. Send it 🚀
+ {c} up {pct}% this week and still early. New ATH incoming
+ {c} flipping {c2} soon. Bullish
- Took profits on {c}, this is a casino now. Be careful
- {c} chart is vertical, this will end in tears
= Everyone is talking about {c} today. What is driving this?
= {c} now a top {n}0 coin by market cap
# meme_top
- {c} top is in. Whales dumping on retail
- {c} down {pct}% from the high, longs getting liquidated
- Told you {c} would dump. Meme season over
+ Healthy pullback on {c}, buying this dip
= {c} funding still extremely high. Could go either way here
`;
