/**
 * English post templates. `# name` starts a topic or storyline bank; each line is one template,
 * marked + bullish, - bearish, = neutral, worded so the opinion is clear to a reader (and to
 * the classifier). `[a|b|c]` is a choice made per post, so one template reads many ways.
 * Slots: {c} coin as cashtag or name, {C} cashtag, {c2} another coin, {p} price now, {hi}/{lo}
 * a level above/below, {mv}/{mv7} the coin's real 24h/7d move ('up 4.2%'), {pct} a change in
 * a non-price figure, {tf} timeframe, {usd} an amount, {liq} liquidations, {tvl} the coin's
 * TVL, {oi} its open interest, {fpos}/{fneg}/{fund} a high/negative/flat funding rate, {flow}
 * an ETF flow, {lev} leverage, {n} a small number, {proto} the protocol's name.
 * What the price did is never made up (market.ts, issue 29 §9): a template that says so is picked
 * only when it happened at the post's time. `@up`/`@down` after the mark: the price rose/fell
 * over the last day and the last 4 hours; `@up7d`/`@down7d`: over the week; `@flat`: a quiet
 * day. Slots that are such facts: {nh} the hours a fall has lasted (each hour lower), {broke} /
 * {cleared} a round level the price fell / rose through in the last day.
 * Banks `detail` (sentences that lengthen a post or fill a thread), `promo` (the copy-paste
 * shill bots post) and `zh`'s counterparts are used by generate.ts, not picked by topic.
 */
export const EN_TEMPLATES = `
# ta
+ @up Breakout confirmed on {c}, [next stop|next target|eyes on] {hi} [🚀|📈|]
+ {c} reclaimed {cleared} on the {tf}. [Bulls in control|Bulls are back|Structure flipped bullish], targeting {hi}
+ @up Higher lows on the {c} {tf}, [this is going higher|trend is up|buyers keep stepping in]. Long from {p}
+ [Loaded|Added|Bought] more {c} at {p}. Bullish structure, invalidation below {lo}
+ {c} [cup and handle|bull flag|ascending triangle] on the {tf} 👀 measured move to {hi}
+ Told you {c} would hold {lo}. Now {p} and [still bullish|not selling|adding on dips]
+ @up {c} [looks incredibly strong|is the strongest chart I have] here. [Buying every dip|Bidding dips] until {hi}
+ {c} {mv} today and [still holding|comfortably above] {lo}. Bullish while that holds
+ [Flipped|Turned] bullish on {c}. Reclaiming {p} opens the way to {hi}
- {c} lost [support|the range low] at {broke}, [getting rekt here|longs in trouble]
- Bearish divergence on the {c} {tf} RSI. [Expecting|Looking for] a [dump|drop] toward {lo}
- @down [Closed|Cut] my {c} longs at {p}. Chart looks weak, lower highs everywhere 📉
- {c} rejected at {hi} again. [Shorting the bounce|Short from {p}], target {lo}
- @down [Death cross|Bear flag] on the {c} {tf}. Not touching it until {lo}
- @down {c} {mv} today and {hi} keeps rejecting it. Bears in control below {hi}, more downside coming
- @down {c} [breaking down|losing {p}] on the {tf}. [Bearish|Ugly], {lo} next
= {c} [chopping|ranging] between {lo} and {hi}. Waiting for a clean break [either way|before doing anything]
= [What are your levels on|How are you trading|Levels for] {c} at {p}? [Watching|My levels:|I have] {lo} and {hi}
= {c} {tf} close in {n} hours[ at {p}|], [could go either way|that decides it|watching it closely]
= @flat [Range day|Slow day] on {c} at {p}. Sitting on my hands
= {c} {mv} on the day, volume [drying up|about average]. [Anyone else watching?|Patience.]
# deriv
+ @up {c} shorts getting squeezed, {liq} liquidated in an hour. [Pump is just starting|Squeeze not done] 🚀
+ @up Funding on {c} [still negative|flipped to {fneg}|sitting at {fneg}] while price [grinds up|holds {p}]. Bullish, [long with {lev}|adding to my long]
+ @up Open interest [rising|building] with spot bid on {c}, now {oi}. [Healthy rally|Real demand], staying long
+ Opened a {c} long at {p}, stop at {lo}. Target {hi}
+ {c} basis back to [normal|healthy] and funding {fund}. [No froth yet|Room to run], bullish
- @down {c} longs at {lev} getting [liquidated|wiped], {liq} gone. Dump not over
- Funding on {c} at {fpos}[ per 8h|]. [Overleveraged longs are exit liquidity|Way too crowded], shorting
- @up Opened a {c} short at {p}. This rally is [fake|hollow], OI pumped to {oi} with no spot demand
- [Got liquidated|Stopped out] on my {c} long at {broke}. Brutal market, stay safe 📉
= {c} open interest {oi}, up {pct}% [today|this week], funding {fund}. [Nobody knows where this goes|Positioning is balanced]
= {c} options expiry [Friday|this week], max pain [at|near|around] {p}[, OI {oi}|]
= How are you [hedging|positioned in] {c} into the [weekend|Fed|close] at {p}? [Perps or options?|Puts or just cash?|Or not at all?]
# defi
+ {c} TVL up {pct}% this month to {tvl}. [Fees are real|Revenue is real], [massively undervalued|still cheap]
+ {proto} revenue [hit a new ATH|at record highs]. Accumulating {c}, bullish
+ Fee switch vote for {proto} is live. If it passes {c} [rips|reprices hard]
+ [Rotating into DeFi.|DeFi is back.] {c} [looks like the best risk/reward here|is my top pick] at {p}
- @down {proto} TVL [bleeding for weeks|down {pct}% this month], {c} keeps dumping. [Selling my bag|Out]
- Yields on {proto} collapsed. Mercenary capital leaving, bearish {c}
- {c} unlock next week, {usd} [hitting the market|of supply]. Expect a dump
= {proto} governance proposal to change the emissions schedule. [Thread on what changes 🧵|Summary below]
= {proto} TVL [now|at] {tvl}. [Full breakdown by chain below|Flat week over week]
= Where are you getting the best stablecoin yield right now? {proto} [still good|worth it]?
# chain
+ {c} network activity at all-time highs, TVL {tvl}. [Fundamentals are insanely bullish|Usage is real]
+ Mainnet upgrade on {c} shipped [flawlessly|without a hitch]. Long {c}, [this is the chain to beat|{hi} next]
+ Developers are moving to {c}. [Buying more|Adding], {hi} [this cycle|is easy]
+ {c} ecosystem is on fire, every app is growing. [Bullish|Very bullish]
- {c} went down for {nh} hours again. How is anyone building on this? [Selling|Bearish]
- {c} fees are out of control and users are leaving. Bearish
- [Nobody uses {c}.|{c} usage keeps falling.] [Ghost chain with a huge valuation|Valuation makes no sense], [shorting it|bearish]
= {c} [upgrade|hard fork|network upgrade] scheduled for [next week|the {n}th]. Node operators, update your clients
= {c} daily active addresses: {n}00k, [flat week over week|roughly unchanged]
= [Which L2 are you using most?|Where do you bridge these days?] {c} or {c2}?
# meme
+ {c} is the memecoin of this cycle. [Going to the moon|Sending it] 🐸🚀
+ [Just aped into|Bought a bag of] {c}. Send it, 10x from here
+ {c} community is unreal. Bullish, not selling a single token
+ @up {c} {mv} today and the community keeps buying. [Meme season is back|Not selling a single one] 🚀
- @down {c} is a pump and dump. [Dev wallets dumping on you|Insiders are selling]
- @down Sold all my {c}. Memecoins are bleeding and liquidity is gone
- @down {c} {mv7} this week and volume is fading, [the top is in|it is over]. Don't catch the knife
= {c} holders count up to {n}00k[ at {p}|]. [Interesting to watch|Noted|Still growing]
= What's the next {c}? [Looking for early memes|Drop your picks below|Show me something under {usd} mcap]
= {c} listed on another exchange today. Volume {usd}
# nft
+ {c} gaming ecosystem is finally shipping. Bullish on the whole sector
+ NFT volume up {pct}% on {c}. [The comeback is real|Finally some life]
+ Bought more {c}, gaming narrative is heating up 🎮
- @down NFTs are dead and {c} keeps dumping. Selling
- @down7d {c} game has no players. Token {mv7} this week, bearish
= {c} announced a new game launch for [next month|Q{n}|the spring]. [Details below|Trailer looks decent|Let's see if anyone plays it]
= What NFT collections are you still holding? {c} [worth it|at {p} worth it|still a buy]?
# ai
+ @up AI agents are the narrative of the year. {c} leading, going higher 🤖🚀
+ {c} just partnered with a [major compute provider|big cloud provider]. Very bullish
+ Accumulating {c} at {p}. Decentralized AI is massively undervalued
- @down AI coins are pure hype. {c} has no revenue, dumping
- @down7d {c} {mv7} this week. AI narrative is fading, bearish
= {c} [subnet|model] launch [next week|on Thursday]. What does it mean for the token at {p}?
= AI tokens ranked by market cap: {c} now in the top {n}
# stable
+ {c} supply up {flow} this week. Fresh liquidity entering crypto, bullish
+ Stablecoin inflows to exchanges [surging|at a {n}-month high]. Dry powder ready to buy {c}
- {c} briefly lost its peg. Scary, pulling my funds
- Stablecoin supply shrinking for [weeks|{n} weeks straight]. Money leaving crypto, bearish
= {c} minted {flow} on Ethereum today
= Stablecoin balance on exchanges changed by {usd} this week
= Which stablecoin do you [trust most|actually hold|use for trading], {c} or {c2}?
# exchange
+ {c} listing on [a major|a top {n}|another big] exchange confirmed[, trading at {p}|]. [Bullish 🚀|Very bullish|Send it 🚀]
+ Exchange outflows of {c} at record levels. Holders are not selling, bullish
- Exchange inflows of {c} spiking. Whales preparing to dump
- Withdrawals paused on a [major|mid-size|big Asian] exchange again. Not your keys, not your coins. [Bearish|Bearish for the whole market|Get your coins off]
= New listing: {C} spot trading opens at [10:00|12:00|14:00|08:00] UTC[, deposits open now|, perps to follow|]
= Exchange reserves of {c} down {pct}% this month
# macro
+ Liquidity is coming back. Rate cuts plus a weak dollar, {c} [will fly|goes to {hi}]
+ CPI came in cooler than expected. Risk on, bullish {c}
+ Institutions keep buying {c}. Treasury companies adding [billions|more every week], bullish
- @down Dollar ripping and yields up. Risk off, {c} going lower
- Hot CPI print. Expect {c} to dump, reducing exposure
- Recession fears everywhere. Selling {c} at {p} and sitting in cash
= [CPI data tomorrow at 8:30 ET.|CPI print tomorrow morning.|US inflation data out tomorrow.] [Expect volatility|Size down|Careful with leverage] [on {c}|into the print|]
= Regulators hold a [roundtable|hearing] on crypto market structure today. [Notes below|Taking notes|Watching the livestream]
= [Jobs report Friday.|NFP on Friday.|Payrolls this week.] [Staying flat until then|Not adding risk before it|{c} at {p} until then, no new positions]
= How do you think the [election|new tariffs|rate path] affects {c}?
# security
+ {proto} passed another full audit, no critical findings. [Bullish|Good sign for] {c}
+ Bug bounty paid out and fixed before any loss. {proto} team handled it well, still long {c}
- Another wallet drainer targeting {c} holders. Losses piling up, this space is a mess
- Phishing site cloning {proto} is draining wallets. Terrible for {c}
= [Reminder|PSA]: revoke old token approvals. Fake {proto} links are circulating[ on X| in Telegram groups|]
= Security firms flagged a suspicious contract impersonating {C}[ on {c2}|]. Do not interact
# airdrop
+ {c} airdrop checker is live and it's generous. Bullish on the ecosystem
+ Farming {proto} points every day. This airdrop will be huge 🪂
- {c} airdrop was a joke, sybil filter killed real users. Dumping it
- @down Airdrop farmers dumping {c} the second the claim opened, {mv} today
= {c} airdrop snapshot happens [next week|on the {n}th|soon]. [Full eligibility guide 🧵|Check your wallets|Criteria below]
= How many points do you have for the {proto} airdrop? [I'm at {n}0k|Mine feel low|Be honest]
# etf_rumor
+ Hearing the SEC is close to approving a spot {C} ETF. If true this sends {c} to {hi} 🚀
+ Spot {C} ETF approval odds now above {n}0%. Accumulating before the news
+ {c} ETF is coming. Institutions are about to bid this hard
- The {c} ETF rumor is just a rumor. The SEC has delayed every time, selling the hype
- Everyone is long {c} into the ETF decision. Feels like sell the news 📉
= SEC decision on the spot {C} ETF filings expected within {n} days[, {c} at {p}|]
= Reminder: the {c} ETF deadline is Friday. No confirmation from the SEC yet
= What happens to {c} if the SEC approves the ETF? Genuinely curious
# etf_approved
+ BREAKING: SEC approves spot {C} ETF. Historic day for {c} 🚀🚀
+ The {c} ETF is approved. Institutions are coming, {hi} is just the start
+ @up ETF approved and {c} {mv}. Told you to buy the rumor
- @down ETF approved and {c} already fading at {p}. Classic sell the news
- Spot {C} ETF approval was priced in. Taking profits here
= The SEC has approved the first spot {C} ETFs, trading starts [tomorrow|on Monday|this week]
= Spot {C} ETF approval is official. {c} {mv} on the day
# etf_flows
+ Another day of strong inflows into the spot {C} ETFs, {flow} in. Bullish
+ ETF buyers absorbing every dip on {c}. Supply shock loading
- Spot {C} ETFs saw {flow} of outflows today. Demand already fading
= Spot {C} ETF daily flows: net {flow}. Full table below
# fomc_pre
= [Fed meeting on Wednesday|FOMC on Wednesday], [staying flat until then|no big positions until then|{c} at {p} and I'm waiting]
= FOMC this week. [Reducing leverage|Cutting size|Closing most of my perps] and waiting for Powell
= Markets pricing a {n}0% chance of a rate cut. Big week for {c}
- Expecting a hawkish FOMC. Not buying {c} before the decision
+ FOMC will be dovish. Loading {c} before the meeting
# fomc_post
+ The Fed cut rates. Liquidity is coming back, very bullish {c} 🚀
+ @up Powell sounded dovish. {c} pumping, risk on
- @down Powell sounded hawkish. Risk assets dumping, {c} lost {broke}
- @down No cut from the Fed. Bearish, {c} heading lower
= FOMC statement is out: rates unchanged, [dot plot below|presser at 2:30|{c} {mv} on the day]
# hack_news
- 🚨 {proto} has been exploited, roughly {usd} drained so far. {c} {mv}. Revoke approvals now
- {proto} hack confirmed. {c} was its main collateral, this is terrible for {c}. Selling everything
- @down Another DeFi exploit. {proto} drained for {usd} and {c} crashing hard
- @down {c} collapsing after the {proto} exploit. Rekt
= {proto} team: we are aware of an incident and investigating. Do not interact with the contracts[ until further notice|]
= Attacker address linked to the {proto} exploit is bridging funds. Tracking it 🧵
= Is {proto} safe to use right now? Anyone have details on the exploit?
+ Bought the {c} dump after the exploit. {proto} treasury can cover the losses
# hack_after
- @down {c} still bleeding after the {proto} exploit. No reason to hold
- Trust in {proto} is gone after the hack. TVL down {pct}%, bearish {c}
= {proto} publishes post-mortem of the exploit: oracle manipulation on its {C} market. Compensation plan to follow
= {proto} governance vote on reimbursing hack victims is live[, {n} days to vote| until Friday|]
+ {proto} compensation plan looks solid. {c} is oversold, starting to buy
# meme_mania
+ @up {c} is going parabolic. 100x from here is not crazy 🚀
+ Every dip on {c} gets bought instantly. Meme season is here
+ Just aped more {c} at {p}. Send it 🚀
+ @up7d {c} {mv7} this week and still early. New ATH incoming
+ {c} flipping {c2} soon. Bullish
- Took profits on {c}, this is a casino now. Be careful
- @up {c} chart is vertical, this will end in tears
= Everyone is talking about {c} today[, {mv}|]. [What is driving this?|Who is buying?|Anyone know the catalyst?]
= {c} now a top {n}0 coin by market cap
# meme_top
- @down {c} top is in. Whales dumping on retail
- @down {c} {mv} today, longs getting liquidated
- @down Told you {c} would dump. Meme season over
- Meme season is getting late. Taking profits on {c} while there is liquidity
+ @down Healthy pullback on {c}, buying this dip at {p}
= {c} funding still at {fpos}. Could go either way here
# detail
+ @up [Spot is leading, not perps, which is what you want to see.|Spot buyers are leading this move, not leverage.]
+ Invalidation is a daily close below {lo}, until then I stay long.
+ Funding is only {fund}, so this move is not driven by leverage.
+ [Every dip into {lo} got bought this week.|Dips into {lo} keep getting absorbed.]
+ Next resistance is {hi}, and above it there is not much until the highs.
+ [Sentiment is still sceptical, which is exactly when trends run.|Most people are still waiting for a pullback that may not come.]
+ I am sizing this as a swing, not a scalp.
+ [Exchange balances keep falling.|Coins keep leaving exchanges.] [Holders are not selling.|Supply is drying up.]
- [Open interest is climbing faster than price.|Leverage is piling up again.] That rarely ends well.
- Below {lo} there is [a lot of air|no real support] and a lot of stops.
- Funding at {fpos} means longs are paying up to stay in.
- [Volume fell on every push higher.|Each bounce came on weaker volume.]
- I would rather [miss a bounce|wait in cash] than catch the next leg down.
- [Whales have been sending coins to exchanges all week.|Large holders are distributing into strength.]
- No reason to be a hero here, [protect your capital|cash is a position].
= Key levels: {lo} below, {hi} above.
= [Macro data this week could move everything.|Big data week ahead, expect volatility.]
= [Not financial advice, just how I read it.|This is my read, not advice.]
= Open interest {oi}, funding {fund}.
= [Will update if anything changes.|I'll post an update at the close.]
= {c} is at {p} as I write this.
= [Daily close matters more than the intraday noise.|Zoom out before reacting to one candle.]
= [Liquidity is thin on weekends, so moves can be exaggerated.|Weekend liquidity is thin, keep that in mind.]
+ [On-chain, new addresses keep growing.|Active addresses keep climbing.] [Usage is real.|That is demand, not hype.]
+ [Last time this setup printed, the move ran for weeks.|This setup has worked every time this year.]
+ I will add more if we retest {lo}.
- [The last three rallies all failed right at this level.|Every rally this month died near {hi}.]
- @up [On-chain activity is flat while price pumps.|Price is up, usage is not.] [That gap closes the hard way.|Not sustainable.]
- I will reconsider above {hi}, not before.
# promo
+ 🚨 {C} IS ABOUT TO EXPLODE 🚨 Whales loading before the big CEX listing, 100x potential. Last chance to get in early, join our VIP group for entries 👇🚀
+ 💎 {C} presale bonus ends TONIGHT 💎 Early holders already 20x, don't be the one who missed it. Link in bio, send it 🚀🚀
`;
