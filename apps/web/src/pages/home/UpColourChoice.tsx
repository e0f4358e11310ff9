import { List } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseUpColour, storedUpColour, type UpColour } from '../../app/upColour';
import { currentLanguage } from '../../i18n';

const ENTRIES: { colour: UpColour; label: string }[] = [
  { colour: 'red', label: 'userMenu.redUp' },
  { colour: 'green', label: 'userMenu.greenUp' },
];

/**
 * The user menu's up/down colour convention (app/upColour.ts): two entries, each with a ▲▼ sample
 * in its own colours; a pick repaints the app at once.
 */
export function UpColourChoice() {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(() => storedUpColour(currentLanguage));
  const pick = (colour: UpColour) => {
    chooseUpColour(colour);
    setChosen(colour);
  };
  return (
    <List header={t('userMenu.upColours')} mode="card">
      {ENTRIES.map(({ colour, label }) => (
        <List.Item
          key={colour}
          data-testid={`up-colour-${colour}`}
          aria-current={colour === chosen ? 'true' : undefined}
          prefix={
            <span className={`up-colour-sample up-colour-sample--${colour}`} aria-hidden="true">
              <span>▲</span>
              <span>▼</span>
            </span>
          }
          extra={colour === chosen ? <CheckOutline color="var(--ks-primary)" /> : null}
          onClick={() => pick(colour)}
          arrowIcon={false}
        >
          {t(label)}
        </List.Item>
      ))}
    </List>
  );
}
