/**
 * Route path → page component. Typed as a Record over every RoutePath, so a route of the
 * spec cannot be forgotten. Home and the spinner page are in the main chunk (first paint);
 * every other page is split out with React.lazy.
 */
import { type ComponentType, lazy } from 'react';
import HomePage from '../pages/home/HomePage';
import LoadingPage from '../pages/loading/LoadingPage';
import type { RoutePath } from './routeAccess';

const LoginPage = lazy(() => import('../pages/login/LoginPage'));
const FeedSettingPage = lazy(() => import('../pages/feed-setting/FeedSettingPage'));
const NavSettingPage = lazy(() => import('../pages/nav-setting/NavSettingPage'));
const ReportSettingPage = lazy(() => import('../pages/report-setting/ReportSettingPage'));
const RankSettingPage = lazy(() => import('../pages/rank-setting/RankSettingPage'));
const MindshareSettingPage = lazy(() => import('../pages/mindshare-setting/MindshareSettingPage'));
const NotificationSettingPage = lazy(() => import('../pages/notification-setting/NotificationSettingPage'));
const CoinOpinionSettingPage = lazy(() => import('../pages/coin-opinion-setting/CoinOpinionSettingPage'));
const EventOpinionSettingPage = lazy(() => import('../pages/event-opinion-setting/EventOpinionSettingPage'));
const ViewDetailPage = lazy(() => import('../pages/view-detail/ViewDetailPage'));
const StatisticsPage = lazy(() => import('../pages/statistics/StatisticsPage'));
const SentimentFeedbackPage = lazy(() => import('../pages/sentiment-feedback/SentimentFeedbackPage'));
const DataSourcePage = lazy(() => import('../pages/data-source/DataSourcePage'));
const KolManagementPage = lazy(() => import('../pages/kol-management/KolManagementPage'));
const KolGroupDetailPage = lazy(() => import('../pages/kol-group-detail/KolGroupDetailPage'));
const KolGroupEditPage = lazy(() => import('../pages/kol-group-edit/KolGroupEditPage'));
const KolProfilePage = lazy(() => import('../pages/kol-profile/KolProfilePage'));
const CoinPage = lazy(() => import('../pages/coin/CoinPage'));

export const PAGES: Record<RoutePath, ComponentType> = {
  '/': HomePage,
  '/login': LoginPage,
  '/loading': LoadingPage,
  '/feed-setting': FeedSettingPage,
  '/feed-setting/:id': FeedSettingPage,
  '/nav-setting': NavSettingPage,
  '/report-setting': ReportSettingPage,
  '/report-setting/:id': ReportSettingPage,
  '/rank-setting': RankSettingPage,
  '/rank-setting/:id': RankSettingPage,
  '/mindshare-setting': MindshareSettingPage,
  '/mindshare-setting/:id': MindshareSettingPage,
  '/notification-setting': NotificationSettingPage,
  '/notification-setting/:id': NotificationSettingPage,
  '/coin-opinion-setting': CoinOpinionSettingPage,
  '/coin-opinion-setting/:id': CoinOpinionSettingPage,
  '/event-opinion-setting': EventOpinionSettingPage,
  '/event-opinion-setting/:id': EventOpinionSettingPage,
  '/view-detail/:viewId': ViewDetailPage,
  '/statistics': StatisticsPage,
  '/sentiment-feedback': SentimentFeedbackPage,
  '/data-source': DataSourcePage,
  '/kol-management': KolManagementPage,
  '/kol-management/:groupId': KolGroupDetailPage,
  '/kol-management/create': KolGroupEditPage,
  '/kol-management/create/:groupId': KolGroupEditPage,
  '/kol/:twitterUserId': KolProfilePage,
  '/coin/:symbol': CoinPage,
};
