import { CloseCircleFill, SearchOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { type SearchKind, searchStore } from '../../state/search';

interface Props {
  kind: SearchKind;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}

/**
 * The picker's search input (a native input so `picker-search` sits on the <input> itself),
 * with this kind's search history as chips while the query is empty.
 */
export function SearchField({ kind, value, onChange, placeholder }: Props) {
  const { t } = useTranslation();
  const history = useStore(searchStore, (s) => s.memory[kind].history);
  const clearHistory = useStore(searchStore, (s) => s.clearHistory);
  return (
    <div className="picker__search">
      <div className="picker__search-box">
        <SearchOutline className="picker__search-icon" />
        <input
          type="search"
          data-testid="picker-search"
          className="picker__search-input"
          value={value}
          placeholder={placeholder}
          aria-label={placeholder}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(e) => onChange(e.target.value)}
        />
        {value && (
          <button
            type="button"
            className="picker__search-clear"
            aria-label={t('picker.clear')}
            onClick={() => onChange('')}
          >
            <CloseCircleFill />
          </button>
        )}
      </div>
      {!value.trim() && history.length > 0 && (
        <div className="picker__history">
          <div className="picker__history-head">
            <span>{t('picker.history')}</span>
            <button type="button" className="ks-link" onClick={() => clearHistory(kind)}>
              {t('picker.clearHistory')}
            </button>
          </div>
          {history.map((q) => (
            <button
              key={q}
              type="button"
              className="picker__chip"
              data-testid="picker-history"
              onClick={() => onChange(q)}
            >
              {q}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
