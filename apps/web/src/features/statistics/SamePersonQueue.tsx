import { adminCalls, type Response } from '@kolscope/contract';
import { Button, Toast } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../api';

type Suggestion = Response<typeof adminCalls.kolLinkSuggestions>[number];

/**
 * "Same person?" (issue 17 §2): an account whose bio or links name another collected account that
 * does not name it back. The administrator merges the two into one KOL or dismisses the claim
 * (it is not suggested again). Hidden when nothing waits.
 */
export function SamePersonQueue() {
  const { t } = useTranslation();
  const [list, setList] = useState<Suggestion[]>([]);
  const [busy, setBusy] = useState('');
  const load = useCallback(() => {
    api(adminCalls.kolLinkSuggestions).then(setList, () => undefined);
  }, []);
  useEffect(() => load(), [load]);

  const decide = async (s: Suggestion, merge: boolean) => {
    const key = `${s.claimant.id}>${s.claimed.id}`;
    setBusy(key);
    try {
      await api(adminCalls.kolLinkDecide, { claimantId: s.claimant.id, claimedId: s.claimed.id, merge });
      setList((l) => l.filter((x) => `${x.claimant.id}>${x.claimed.id}` !== key));
    } catch (err) {
      Toast.show({ content: errorMessage(err, t('statistics.samePerson.failed')) });
    } finally {
      setBusy('');
    }
  };

  if (list.length === 0) return null;
  const who = (u: Suggestion['claimant']) => `${t(`track.networks.${u.network ?? 'x'}`)} @${u.username}`;
  return (
    <section className="same-person" data-testid="same-person">
      <h2 className="same-person__title">{t('statistics.samePerson.title')}</h2>
      <ul className="same-person__list">
        {list.map((s) => {
          const key = `${s.claimant.id}>${s.claimed.id}`;
          return (
            <li key={key} className="same-person__item" data-testid={`same-person-${key}`}>
              <p className="same-person__claim">
                {t('statistics.samePerson.claim', { claimant: who(s.claimant), claimed: who(s.claimed) })}
              </p>
              <div className="same-person__actions">
                <Button size="mini" color="primary" loading={busy === key} onClick={() => decide(s, true)}>
                  {t('statistics.samePerson.merge')}
                </Button>
                <Button size="mini" disabled={busy === key} onClick={() => decide(s, false)}>
                  {t('statistics.samePerson.dismiss')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
