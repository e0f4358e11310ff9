import type { KolGroup } from '@kolscope/contract';
import { QuestionCircleOutline, RedoOutline, TeamFill } from 'antd-mobile-icons';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FooterButton } from '../../features/FooterButton';
import { PageNavBar } from '../../features/PageNavBar';
import { toastError, toastSuccess } from '../../features/toast';
import { deleteQuestion } from '../../features/confirmDanger';
import { useConfirmedAction } from '../../features/useConfirmedAction';
import { reloadKolGroups, removeKolGroup, useKolGroups } from '../../state/kolGroups';
import { EntryButton } from './EntryButton';
import { defaultRoles } from './format';
import { GroupRow } from './GroupRow';
import { MissingKolPopup } from './MissingKolPopup';
import './kol-management.css';
import { LoadingState } from '../../features/LoadState';

/** /kol-management: the user's KOL groups with open, edit, delete, refresh and create (spec section 2). */
export default function KolManagementPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { list, loaded, loading } = useKolGroups();
  const { busy: deleting, run } = useConfirmedAction();
  const [missingOpen, setMissingOpen] = useState(false);
  const roles = useMemo(() => defaultRoles(list), [list]);

  useEffect(() => {
    void reloadKolGroups();
  }, []);

  const confirmDelete = (group: KolGroup) =>
    run({
      ask: deleteQuestion('kol', group.name, 'kol-delete-confirm'),
      action: async () => {
        await removeKolGroup(group.id);
        toastSuccess(t('kol.removed'));
      },
      onError: (err) => toastError(err, t('kol.deleteFailed')),
    });

  const refresh = (
    <button
      type="button"
      className="ks-icon-button kol-refresh"
      data-testid="kol-refresh"
      aria-label={t('kol.refresh')}
      disabled={loading}
      onClick={() => void reloadKolGroups()}
    >
      <RedoOutline />
    </button>
  );

  let groups: ReactNode;
  if (!loaded) {
    groups = <LoadingState className="ks-page-center kol-loading" testId="kol-loading" />;
  } else if (list.length === 0) {
    // A failed load lands here too: the spec wants an empty list, silently.
    groups = (
      <p className="kol-empty" data-testid="kol-empty">
        {t('kol.empty')}
      </p>
    );
  } else {
    groups = (
      <ul className="ks-card-list" data-testid="kol-list">
        {list.map((group) => (
          <GroupRow
            key={group.id}
            group={group}
            role={roles.get(group.id)}
            busy={deleting}
            onOpen={() => navigate(`/kol-management/${encodeURIComponent(group.id)}`)}
            onEdit={() => navigate(`/kol-management/create/${encodeURIComponent(group.id)}`)}
            onDelete={() => void confirmDelete(group)}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="kol-page">
      <PageNavBar title={t('kol.title')} onBack={() => navigate('/')} right={refresh} />
      <div className="kol-page__body">
        <p className="ks-page-hint">{t('kol.hint')}</p>
        <EntryButton
          testId="kol-all-entry"
          icon={<TeamFill />}
          title={t('kol.allEntry')}
          body={t('kol.allEntryBody')}
          onClick={() => navigate('/kol-management/all')}
        />
        {groups}
        <EntryButton
          testId="kol-missing-entry"
          icon={<QuestionCircleOutline />}
          title={t('kol.missing.entry')}
          body={t('kol.missing.entryBody')}
          quiet
          onClick={() => setMissingOpen(true)}
        />
      </div>
      <FooterButton testId="kol-create" onClick={() => navigate('/kol-management/create')}>
        {t('kol.create')}
      </FooterButton>
      <MissingKolPopup visible={missingOpen} onClose={() => setMissingOpen(false)} />
    </div>
  );
}
