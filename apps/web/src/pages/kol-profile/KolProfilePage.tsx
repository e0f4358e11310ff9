import { TRACK_HORIZONS, type TrackHorizon } from '@kolscope/contract';
import { SpinLoading, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageNavBar } from '../../features/PageNavBar';
import { PostCard } from '../../features/post-card/PostCard';
import { CallCard } from '../../features/track/CallCard';
import { PagedList } from '../../features/track/PagedList';
import { useKolPosts, useKolProfile, useTrackRecord } from '../../features/track/useTrack';
import { oneOf, useUrlChoice } from '../../features/track/useUrlChoice';
import { ProfileHeader } from './ProfileHeader';
import { TrackBlock } from './TrackBlock';
import '../../features/track/track.css';
import './kol-profile.css';
import { FailedState } from '../../features/LoadState';

const TABS = ['calls', 'posts'] as const;
type Tab = (typeof TABS)[number];

function PostsTab({ twitterUserId }: { twitterUserId: string }) {
  const { t } = useTranslation();
  const posts = useKolPosts(twitterUserId, t('kol.detail.loadFailed'));
  return (
    <PagedList id="kol-posts" list={posts} emptyText={t('track.noPosts')}>
      <div data-testid="kol-post-list">
        {posts.items.map((post) => (
          <PostCard key={post.id} post={post} />
        ))}
      </div>
    </PagedList>
  );
}

/** /kol/:twitterUserId: who the KOL is, how their calls did, their calls and their posts. */
export default function KolProfilePage() {
  const { t } = useTranslation();
  const twitterUserId = useParams().twitterUserId ?? '';
  const [horizon, setHorizon] = useUrlChoice<TrackHorizon>('h', '24h', oneOf(TRACK_HORIZONS));
  const [tab, setTab] = useUrlChoice<Tab>('tab', 'calls', oneOf(TABS));
  const failed = t('kol.detail.loadFailed');
  const profile = useKolProfile(twitterUserId, failed);
  const record = useTrackRecord(twitterUserId, horizon, failed);
  const name = profile.data ? profile.data.user.name || profile.data.user.username : '';

  return (
    <div className="kol-profile" data-testid="kol-profile">
      <PageNavBar title={<span className="kol-profile__title">{name}</span>} />
      {profile.loading && (
        <div className="kol-profile__state" data-testid="kol-profile-loading">
          <SpinLoading color="primary" style={{ '--size': '32px' }} />
        </div>
      )}
      {profile.error && <FailedState className="kol-profile__state" testId="kol-profile-error" load={profile} />}
      {profile.data && (
        <>
          <ProfileHeader profile={profile.data} />
          <TrackBlock horizon={horizon} onHorizon={setHorizon} record={record} />
          <Tabs activeKey={tab} onChange={(key) => setTab(key as Tab)} className="kol-profile__tabs">
            <Tabs.Tab key="calls" title={<span data-testid="kol-tab-calls">{t('track.tabs.calls')}</span>} />
            <Tabs.Tab key="posts" title={<span data-testid="kol-tab-posts">{t('track.tabs.posts')}</span>} />
          </Tabs>
          {tab === 'calls' && (
            <PagedList id="kol-calls" list={{ ...record, ...record.calls }} emptyText={t('track.noCalls')}>
              <div data-testid="kol-call-list">
                {record.calls.items.map((call) => (
                  <CallCard key={`${call.postId}|${call.coin}`} call={call} />
                ))}
              </div>
            </PagedList>
          )}
          {tab === 'posts' && <PostsTab twitterUserId={twitterUserId} />}
        </>
      )}
    </div>
  );
}
