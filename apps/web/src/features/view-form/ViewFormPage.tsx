import { LOADING_SPINNER_SIZE_PX } from '@kolscope/contract';
import { Button, SpinLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageNavBar } from '../PageNavBar';
import type { LoadState } from './useLoadWithRetry';
import './view-form.css';

interface SaveButton {
  testId: string;
  /** Defaults to Save when creating and Update when editing. */
  label?: string;
  busy: boolean;
  /** Defaults to busy. */
  disabled?: boolean;
  onClick: () => void;
}

interface Props {
  title: string;
  /** Whether the form edits a stored record (else it creates one). */
  editing: boolean;
  loadState: LoadState;
  /** Absent where a failed load leaves the page instead (the KOL group form). */
  onRetry?: () => void;
  /** Prefix of the state test ids: `<prefix>-loading`, `<prefix>-error`, `<prefix>-retry`. */
  statePrefix: string;
  /** The test id of the page itself once its form shows. */
  testId?: string;
  /**
   * 'spinner' (default): a spinner in place of the form while the record loads; 'form': the
   * form shows at once (its fields disabled by the page), the save button busy meanwhile.
   */
  whileLoading?: 'spinner' | 'form';
  /** 'grey': cards on the grey page background (the ranking form) instead of a white page. */
  tone?: 'white' | 'grey';
  save: SaveButton;
  children: ReactNode;
  /** Popups of the form, after the footer. */
  popups?: ReactNode;
}

/**
 * The shell of every setting form (spec sections 2 and 4): the nav bar with the title, the load
 * states of edit mode (a spinner; 'Network error, please retry' with a retry), the form that
 * scrolls over a sticky footer with the save button.
 */
export function ViewFormPage(props: Props) {
  const { t } = useTranslation();
  const { loadState, statePrefix, whileLoading = 'spinner', tone = 'white', save } = props;
  const pageClass = `view-form${tone === 'grey' ? ' view-form--grey' : ''}`;
  const header = <PageNavBar title={props.title} />;

  if (loadState === 'loading' && whileLoading === 'spinner') {
    return (
      <div className={pageClass}>
        {header}
        <div className="ks-page-center" data-testid={`${statePrefix}-loading`}>
          <SpinLoading color="primary" style={{ '--size': `${LOADING_SPINNER_SIZE_PX}px` }} />
        </div>
      </div>
    );
  }
  if (loadState === 'failed') {
    return (
      <div className={pageClass}>
        {header}
        <div className="view-form__state" role="alert" data-testid={`${statePrefix}-error`}>
          <p className="view-form__state-title">{t('viewForm.loadFailed')}</p>
          <Button
            color="primary"
            fill="outline"
            shape="rounded"
            data-testid={`${statePrefix}-retry`}
            onClick={props.onRetry}
          >
            {t('viewForm.retry')}
          </Button>
        </div>
      </div>
    );
  }

  const loading = loadState === 'loading';
  const busy = save.busy || loading;
  return (
    <div className={pageClass} data-testid={props.testId} data-loading={whileLoading === 'form' ? loading : undefined}>
      {header}
      <div className="view-form__body">{props.children}</div>
      <footer className="ks-sticky-footer">
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          data-testid={save.testId}
          loading={busy}
          disabled={save.disabled ?? busy}
          onClick={save.onClick}
        >
          {save.label ?? t(props.editing ? 'viewForm.update' : 'viewForm.save')}
        </Button>
      </footer>
      {props.popups}
    </div>
  );
}
