import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FooterButton } from '../FooterButton';
import { PageNavBar } from '../PageNavBar';
import type { LoadState } from './useLoadWithRetry';
import './view-form.css';
import { LoadingState } from '../LoadState';

/** What the shell reads of a form's state (the form hooks return it). */
export interface ViewFormState {
  /** Whether the form edits a stored record (else it creates one). */
  editing: boolean;
  loadState: LoadState;
  /** Absent where a failed load leaves the page instead (the KOL group form). */
  retryLoad?: () => void;
  saving: boolean;
  /** Defaults to not saving. */
  canSave?: boolean;
  save: () => unknown;
}

interface Props {
  title: string;
  form: ViewFormState;
  /**
   * `state` prefixes the load states' test ids (`-loading`, `-error`, `-retry`), `save` is the
   * save button's, `page` the page's once its form shows.
   */
  testIds: { state: string; save: string; page?: string };
  /** Defaults to Save when creating and Update when editing. */
  saveLabel?: string;
  /**
   * 'spinner' (default): a spinner in place of the form while the record loads; 'form': the
   * form shows at once (its fields disabled by the page), the save button busy meanwhile.
   */
  whileLoading?: 'spinner' | 'form';
  /** 'grey': cards on the grey page background (the ranking form) instead of a white page. */
  tone?: 'white' | 'grey';
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
  const { form, testIds, whileLoading = 'spinner', tone = 'white' } = props;
  const { loadState } = form;
  const pageClass = `view-form${tone === 'grey' ? ' view-form--grey' : ''}`;
  const header = <PageNavBar title={props.title} />;

  if (loadState === 'loading' && whileLoading === 'spinner') {
    return (
      <div className={pageClass}>
        {header}
        <LoadingState className="ks-page-center" testId={`${testIds.state}-loading`} />
      </div>
    );
  }
  if (loadState === 'failed') {
    return (
      <div className={pageClass}>
        {header}
        <div className="view-form__state" role="alert" data-testid={`${testIds.state}-error`}>
          <p className="view-form__state-title">{t('viewForm.loadFailed')}</p>
          <Button
            color="primary"
            fill="outline"
            shape="rounded"
            data-testid={`${testIds.state}-retry`}
            onClick={form.retryLoad}
          >
            {t('viewForm.retry')}
          </Button>
        </div>
      </div>
    );
  }

  const loading = loadState === 'loading';
  const busy = form.saving || loading;
  return (
    <div className={pageClass} data-testid={testIds.page} data-loading={whileLoading === 'form' ? loading : undefined}>
      {header}
      <div className="view-form__body">{props.children}</div>
      <FooterButton
        testId={testIds.save}
        loading={busy}
        disabled={form.canSave === undefined ? busy : !form.canSave}
        onClick={() => void form.save()}
      >
        {props.saveLabel ?? t(form.editing ? 'viewForm.update' : 'viewForm.save')}
      </FooterButton>
      {props.popups}
    </div>
  );
}
