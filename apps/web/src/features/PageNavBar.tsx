import { NavBar } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGoBack } from './useGoBack';

interface Props {
  title?: ReactNode;
  /** Defaults to one page back (or / with no history). */
  onBack?: () => void;
  right?: ReactNode;
}

/**
 * The shared top bar. Its back control is a real <button> (keyboard reachable, found by e2e
 * tests as `nav-back`) in NavBar's left slot, instead of NavBar's own clickable div.
 */
export function PageNavBar({ title, onBack, right }: Props) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <NavBar
      back={null}
      style={{ '--height': '48px', background: 'var(--ks-surface)', borderBottom: '1px solid var(--ks-border)' }}
      left={
        <button
          type="button"
          className="ks-icon-button ks-nav-back"
          data-testid="nav-back"
          aria-label={t('common.back')}
          onClick={onBack ?? goBack}
        >
          <LeftOutline />
        </button>
      }
      right={right}
    >
      {title}
    </NavBar>
  );
}
