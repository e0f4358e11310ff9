/**
 * antd-mobile 5 renders Toast, Dialog and Popup-style imperatives with the legacy
 * ReactDOM.render, which React 19 removed ("reactRender is not a function"). Its "v5 for 19"
 * guide hands it a createRoot-based renderer instead; this module must run before any of them.
 */
import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

type Container = (Element | DocumentFragment) & { _reactRoot?: Root };

unstableSetRender((node, container: Container) => {
  container._reactRoot ||= createRoot(container);
  const root = container._reactRoot;
  root.render(node);
  return async () => {
    // Let the closing animation's last frame commit before tearing the root down.
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
});
