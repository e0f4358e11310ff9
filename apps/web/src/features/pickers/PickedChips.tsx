import { CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';

interface Props {
  items: { id: string; label: string }[];
  onRemove: (id: string) => void;
}

/** What is picked so far, kept visible while the results change with the search. */
export function PickedChips({ items, onRemove }: Props) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <div className="picker__picked">
      {items.map((item) => (
        <button
          key={item.id}
          type="button"
          className="picker__chip picker__chip--on"
          aria-label={t('picker.remove', { name: item.label })}
          onClick={() => onRemove(item.id)}
        >
          {item.label}
          <CloseOutline />
        </button>
      ))}
    </div>
  );
}
