import { GROUP_NAME_MAX_LENGTH } from '@kolscope/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { UserPicker } from '../../features/pickers/UserPicker';
import { TextField } from '../../features/TextField';
import { ViewFormPage } from '../../features/view-form/ViewFormPage';
import { FansRange } from './FansRange';
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
      <FansRange min={form.min} max={form.max} onChange={(min, max) => setForm((f) => ({ ...f, min, max }))} />
    );
  }

  return (
    <ViewFormPage
      title={t(g.editing ? 'kol.form.editTitle' : 'kol.form.createTitle')}
      editing={g.editing}
      loadState={g.loadState}
      statePrefix="kol-edit"
      testId="kol-edit-page"
      save={{
        testId: 'kol-save',
        label: t('viewForm.save'),
        busy: g.saving,
        disabled: !g.canSave,
        onClick: () => void g.save(),
      }}
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
      <section className="kol-card" data-testid="kol-fans-card">
        <header className="kol-card__head">
          <div>
            <h3 className="kol-card__title">{t('kol.form.fans')}</h3>
            {!fixedRule && <p className="kol-card__hint">{t('kol.form.fansHint')}</p>}
          </div>
        </header>
        {fansBody}
      </section>
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
