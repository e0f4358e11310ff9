import { ActionSheet } from 'antd-mobile';
import { SetOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PickField } from './PickField';
import type { useKolGroupOptions } from './useKolGroupOptions';
import { LoadingState } from '../LoadState';

interface Props {
  /** '' is all KOL groups. */
  value: string;
  onChange: (kolGroupId: string) => void;
  groups: ReturnType<typeof useKolGroupOptions>;
  disabled?: boolean;
}

/**
 * The KOL group field and its action sheet: 'All KOL groups' and each group, the selected one in
 * bold, a spinner while the groups load, and a header button to /kol-management (spec section 2).
 */
export function KolGroupField({ value, onChange, groups, disabled = false }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const selected = groups.list.find((g) => g.id === value);
  // A saved group's name needs the group list; until it is there, say so.
  const pending = groups.failed ? t('opinion.groupUnavailable') : t('opinion.groupLoading');
  const label = value === '' ? t('opinion.allGroups') : (selected?.name ?? pending);

  const show = () => {
    groups.ensure();
    setOpen(true);
  };

  const extra = (
    <div className="kol-sheet__head">
      <span className="kol-sheet__title">{t('opinion.groupSheetTitle')}</span>
      <button
        type="button"
        className="kol-sheet__manage"
        data-testid="kol-group-manage"
        onClick={() => {
          setOpen(false);
          navigate('/kol-management');
        }}
      >
        <SetOutline /> {t('opinion.manageGroups')}
      </button>
      {groups.loading && <LoadingState className="kol-sheet__status" testId="kol-group-loading" />}
      {groups.failed && (
        <div className="kol-sheet__status" role="alert" data-testid="kol-group-error">
          {t('opinion.fetchGroupsFailed')}{' '}
          <button type="button" className="ks-link" data-testid="kol-group-retry" onClick={groups.ensure}>
            {t('opinion.retry')}
          </button>
        </div>
      )}
    </div>
  );

  const option = (id: string, name: string) => ({
    key: id || 'all',
    bold: id === value,
    text: (
      <span data-testid={`kol-group-option-${id || 'all'}`} data-selected={id === value}>
        {name}
      </span>
    ),
    onClick: () => {
      onChange(id);
      setOpen(false);
    },
  });

  return (
    <>
      <PickField
        label={t('opinion.kolGroup')}
        testId="kol-group-field"
        value={label}
        disabled={disabled}
        onClick={show}
      />
      <ActionSheet
        visible={open}
        extra={extra}
        cancelText={t('common.cancel')}
        onClose={() => setOpen(false)}
        actions={[
          option('', t('opinion.allGroups')),
          ...(groups.loading ? [] : groups.list.map((g) => option(g.id, g.name))),
        ]}
      />
    </>
  );
}
