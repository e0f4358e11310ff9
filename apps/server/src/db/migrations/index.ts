// Migrations in order. Each runs once, inside a transaction; never edit one that has shipped.
import accounts from './0001_accounts';
import collection from './0002_collection';
import views from './0003_views';
import kolGroups from './0004_kol_groups';
import opinionRollups from './0005_opinion_rollups';
import ranking from './0006_ranking';
import rankingAuthorLast from './0007_ranking_author_last';
import notifications from './0008_notifications';
import statistics from './0009_statistics';
import rankingAuthorWindows from './0010_ranking_author_windows';
import sentimentFeedback from './0011_sentiment_feedback';
import coinStances from './0012_coin_stances';
import rollupsCurrent from './0013_rollups_current';
import candles from './0014_candles';
import postRefs from './0015_post_refs';
import priceState from './0016_price_state';
import trackRecord from './0017_track_record';
import networks from './0018_networks';
import persons from './0019_persons';
import nearDuplicates from './0020_near_duplicates';
import eventHistory from './0021_event_history';
import copiesOnce from './0022_copies_once';
import copiesSameCoins from './0023_copies_same_coins';
import sentimentCalls from './0024_sentiment_calls';
import linksAndUnknownCounts from './0025_links_and_unknown_counts';
import accountsLowerId from './0026_accounts_lower_id';
import rollupsRecountInBackground from './0027_rollups_recount_in_background';
import alerts from './0028_alerts';
import mindshareKeys from './0029_mindshare_keys';
import eventViewsBounded from './0030_event_views_bounded';
import groupRollupsInBackground from './0032_group_rollups_in_background';

export const migrations: { id: string; sql: string }[] = [
  { id: '0001_accounts', sql: accounts },
  { id: '0002_collection', sql: collection },
  { id: '0003_views', sql: views },
  { id: '0004_kol_groups', sql: kolGroups },
  { id: '0005_opinion_rollups', sql: opinionRollups },
  { id: '0006_ranking', sql: ranking },
  { id: '0007_ranking_author_last', sql: rankingAuthorLast },
  { id: '0008_notifications', sql: notifications },
  { id: '0009_statistics', sql: statistics },
  { id: '0010_ranking_author_windows', sql: rankingAuthorWindows },
  { id: '0011_sentiment_feedback', sql: sentimentFeedback },
  { id: '0012_coin_stances', sql: coinStances },
  { id: '0013_rollups_current', sql: rollupsCurrent },
  { id: '0014_candles', sql: candles },
  { id: '0015_post_refs', sql: postRefs },
  { id: '0016_price_state', sql: priceState },
  { id: '0017_track_record', sql: trackRecord },
  { id: '0018_networks', sql: networks },
  { id: '0019_persons', sql: persons },
  { id: '0020_near_duplicates', sql: nearDuplicates },
  { id: '0021_event_history', sql: eventHistory },
  { id: '0022_copies_once', sql: copiesOnce },
  { id: '0023_copies_same_coins', sql: copiesSameCoins },
  { id: '0024_sentiment_calls', sql: sentimentCalls },
  { id: '0025_links_and_unknown_counts', sql: linksAndUnknownCounts },
  { id: '0026_accounts_lower_id', sql: accountsLowerId },
  { id: '0027_rollups_recount_in_background', sql: rollupsRecountInBackground },
  { id: '0028_alerts', sql: alerts },
  { id: '0029_mindshare_keys', sql: mindshareKeys },
  { id: '0030_event_views_bounded', sql: eventViewsBounded },
  { id: '0032_group_rollups_in_background', sql: groupRollupsInBackground },
];
