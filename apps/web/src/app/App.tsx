import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { HashRouter } from 'react-router';
import { currentLanguage } from '../i18n';
import { AppRoutes } from './AppRoutes';
import { NavigationBridge } from './NavigationBridge';
import { ScrollToTop } from './ScrollToTop';
import { SessionBootstrap } from './SessionBootstrap';

/** Providers and the router. antd-mobile defaults to Chinese, so its locale follows ours explicitly. */
export function App() {
  return (
    <ConfigProvider locale={currentLanguage === 'zh-CN' ? zhCN : enUS}>
      <HashRouter>
        <NavigationBridge />
        <ScrollToTop />
        <SessionBootstrap />
        <AppRoutes />
      </HashRouter>
    </ConfigProvider>
  );
}
