import { kolGroupCalls } from '@kolscope/contract';
import { Avatar, Tabs } from 'antd-mobile';
import { EditSOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../api';
import { IconButton } from '../../features/IconButton';
import { PageNavBar } from '../../features/PageNavBar';
import { VerifiedBadge } from '../../features/post-card/VerifiedBadge';
import { PagedListFooter } from '../../features/query/PagedScroll';
import { useKolGroups } from '../../state/kolGroups';
import { formatCount, formatFollowersFor } from '../kol-management/format';
import { KolLink } from '../../features/track/KolLink';
import { oneOf, useUrlChoice } from '../../features/track/useUrlChoice';
import { Leaderboard } from './Leaderboard';
import { ALL_GROUP_ID } from './paging';
import { useMembers } from './useMembers';
import './kol-group-detail.css';
import { imageSrc } from '../../api/imageSrc';
import { FailedState, LoadingState } from '../../features/LoadState';

const GROUP_TABS = ['members', 'leaderboard'] as const;
type GroupTab = (typeof GROUP_TABS)[number];

/** /kol-management/:groupId and /kol-management/all: the group's name and its members, paged. */
export default function KolGroupDetailPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const groupId = useParams().groupId ?? ALL_GROUP_ID;
  const isAll = groupId === ALL_GROUP_ID;
  // The list may already know the group: its name shows before kol_group/info answers.
  const known = useKolGroups().list.find((g) => g.id === groupId);
  const [info, setInfo] = useState<{ name: string; kolCnt: number } | null>(null);
  const members = useMembers(groupId, t('kol.detail.loadFailed'));
  const [tab, setTab] = useUrlChoice('tab', 'members', oneOf(GROUP_TABS));
  const lang = i18n.language;

  useEffect(() => {
    if (isAll) return;
    let live = true;
    api(kolGroupCalls.info, { groupId }).then(
      (group) => live && setInfo({ name: group.name, kolCnt: group.kolCnt }),
      // Spec section 4: a failed info load returns to the group list.
      () => live && navigate('/kol-management', { replace: true }),
    );
    return () => {
      live = false;
    };
  }, [groupId, isAll, navigate]);

  const name = isAll ? t('kol.allName') : (info?.name ?? known?.name ?? '');
  const count = info?.kolCnt ?? known?.kolCnt;
  const edit = !isAll && (
    <IconButton
      testId="kol-detail-edit"
      label={t('kol.detail.edit')}
      className="kol-detail__edit"
      onClick={() => navigate(`/kol-management/create/${encodeURIComponent(groupId)}`)}
    >
      <EditSOutline />
    </IconButton>
  );

  return (
    <div className="kol-detail">
      <PageNavBar
        title={
          <span className="kol-detail__title" data-testid="kol-detail-title">
            {name}
          </span>
        }
        right={edit || undefined}
      />
      {count !== undefined && (
        <p className="kol-detail__count" data-testid="kol-detail-count">
          {t('kol.members', { count, n: formatCount(count, lang) })}
        </p>
      )}
      {/* All KOLs has a leaderboard too: every tracked KOL ranked (issue 33 §4). */}
      <Tabs activeKey={tab} onChange={(key) => setTab(key as GroupTab)} className="kol-detail__tabs">
        <Tabs.Tab key="members" title={<span data-testid="kol-tab-members">{t('track.leaderboard.members')}</span>} />
        <Tabs.Tab
          key="leaderboard"
          title={<span data-testid="kol-tab-leaderboard">{t('track.leaderboard.tab')}</span>}
        />
      </Tabs>
      {tab === 'leaderboard' && <Leaderboard groupId={groupId} />}
      {tab === 'members' && (
        <>
          {members.loading && <LoadingState className="ks-page-center" testId="kol-detail-loading" />}
          {!members.loading && members.error && (
            <FailedState className="ks-state" testId="kol-detail-error" load={members} />
          )}
          {!members.loading && !members.error && members.items.length === 0 && (
            <p className="ks-state" data-testid="kol-members-empty">
              {t('kol.detail.empty')}
            </p>
          )}
          {members.items.length > 0 && (
            <ul className="kol-members" data-testid="kol-member-list">
              {members.items.map((user) => (
                <li key={user.id} className="kol-member" data-testid={`kol-member-${user.id}`}>
                  <KolLink
                    userId={user.id}
                    className="kol-member__link"
                    label={t('track.openProfile', { name: user.name || user.username })}
                    testId="kol-member-link"
                  >
                    <Avatar src={imageSrc(user.icon)} className="kol-member__avatar" />
                    <span className="kol-member__text">
                      <span className="kol-member__name">
                        <span className="kol-member__name-text">{user.name || user.username}</span>
                        <VerifiedBadge
                          user={{ isBlueVerified: Boolean(user.isBlueVerified), verifiedType: user.verifiedType ?? '' }}
                        />
                      </span>
                      <span className="kol-member__handle">@{user.username}</span>
                    </span>
                  </KolLink>
                  <span className="kol-member__fans" data-testid="kol-member-fans">
                    {t('kol.detail.followers', { n: formatFollowersFor(user.followersCount, lang) })}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <PagedListFooter
            list={members}
            text={{ failed: t('kol.detail.loadFailed'), retry: t('kol.detail.retry'), end: t('kol.detail.noMore') }}
            testIds={{ retry: 'kol-members-retry', end: 'kol-members-end' }}
          />
        </>
      )}
    </div>
  );
}
