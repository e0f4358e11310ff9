import { GROUP_NAME_MAX_LENGTH } from '@kolscope/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { UserPicker } from '../../features/pickers/UserPicker';
import { TextField } from '../../features/TextField';
import { FormCard } from '../../features/view-form/FormCard';
import { ViewFormPage } from '../../features/view-form/ViewFormPage';
import { FansRange } from '../../features/filters/FansRange';
import { mergePicked } from './form';
import { UserListCard } from './UserListCard';
import { useGroupForm } from './useGroupForm';
import './kol-group-edit.css';

/** /kol-management/create and /kol-management/create/:groupId (spec section 2, "KOL group create/edit"). */
export default function KolGroupEditPage() {
  const { t } = useTranslation();
  const { groupId } = useParams();
  const g = useGroupForm(groupId);
  const { form, setForm } = g;
  const fixedRule = g.role === 'all' || g.role === 'whitelistOnly';
  let fansBody: ReactNode;
  if (fixedRule) {
    // All KOLs takes everyone and Special Focus only its whitelist: neither has a range to set.
    fansBody = (
      <p className="kol-card__fixed" data-testid="kol-fans-fixed">
        {t(g.role === 'all' ? 'kol.form.fansAll' : 'kol.form.fansWhitelistOnly')}
      </p>
    );
  } else {
    fansBody = (
      <FansRange
        keys="kol.form"
        id="kol-fans"
        min={form.min}
        max={form.max}
        onChange={(min, max) => setForm((f) => ({ ...f, min, max }))}
      />
    );
  }

  return (
    <ViewFormPage
      title={t(g.editing ? 'kol.form.editTitle' : 'kol.form.createTitle')}
      form={g}
      testIds={{ state: 'kol-edit', save: 'kol-save', page: 'kol-edit-page' }}
      saveLabel={t('viewForm.save')}
      popups={
        <UserPicker
          visible={g.picking !== null}
          mode="kol"
          title={t(g.picking === 'black' ? 'kol.form.blacklist' : 'kol.form.whitelist')}
          value={g.picking === 'black' ? form.black : form.white}
          onClose={() => g.setPicking(null)}
          onConfirm={(users) => {
            const picked = mergePicked(users);
            setForm((f) => (g.picking === 'black' ? { ...f, black: picked } : { ...f, white: picked }));
          }}
        />
      }
    >
      <TextField
        label={t('kol.form.name')}
        testId="kol-name"
        value={form.name}
        onChange={(name) => setForm((f) => ({ ...f, name }))}
        placeholder={t('kol.form.namePlaceholder')}
        maxLength={GROUP_NAME_MAX_LENGTH}
        disabled={g.isDefault}
        autoComplete="off"
      />
      {g.isDefault && <p className="kol-edit__note">{t('kol.form.nameFixed')}</p>}
      {/* The follower block has no add button (spec section 2): it is two numbers. */}
      <FormCard
        testId="kol-fans-card"
        title={t('kol.form.fans')}
        hint={fixedRule ? undefined : t('kol.form.fansHint')}
        className="kol-card"
      >
        {fansBody}
      </FormCard>
      <UserListCard
        kind="white"
        users={form.white}
        onAdd={() => g.setPicking('white')}
        onChange={(white) => setForm((f) => ({ ...f, white }))}
      />
      <UserListCard
        kind="black"
        users={form.black}
        onAdd={() => g.setPicking('black')}
        onChange={(black) => setForm((f) => ({ ...f, black }))}
      />
    </ViewFormPage>
  );
}
