import { VIEW_LIMITS } from '@kolscope/contract';
import { AddOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChipRemove } from '../ChipRemove';
import { toastInfo } from '../toast';
import { commitKeyword, type KeywordItem, localKey } from './filters';
import './filters.css';

interface Props {
  keywords: KeywordItem[];
  onChange: (keywords: KeywordItem[]) => void;
}

/**
 * Keywords, one item each. A new item starts as a focused input; leaving it commits the text:
 * empty is removed, a duplicate is removed with 'Keyword already exists' (spec sections 4, 5).
 * A committed keyword is a chip: tap to edit it again, × to remove it. At VIEW_LIMITS.keywords,
 * "Add keyword" adds nothing and says why under the keywords (the server refuses more anyway).
 */
export function KeywordsBody({ keywords, onChange }: Props) {
  const { t } = useTranslation();

  const setText = (key: string, text: string) => onChange(keywords.map((k) => (k.key === key ? { ...k, text } : k)));

  const commit = (key: string) => {
    const { items, result } = commitKeyword(keywords, key);
    if (result === 'removedDuplicate') toastInfo(t('feedSetting.keywordExists'));
    onChange(items);
  };

  const [refused, setRefused] = useState(false);
  const full = keywords.length >= VIEW_LIMITS.keywords;
  const over = (refused && full) || keywords.length > VIEW_LIMITS.keywords;
  const limitRef = useRef<HTMLDivElement>(null);
  // The message appears under the last chips, where the form's fixed Save bar may cover it.
  useEffect(() => {
    if (over) limitRef.current?.scrollIntoView({ block: 'center' });
  }, [over]);
  const add = () => {
    if (full) return setRefused(true);
    onChange([...keywords, { key: localKey('kw'), text: '', editing: true }]);
  };
  const remove = (key: string) => {
    setRefused(false);
    onChange(keywords.filter((x) => x.key !== key));
  };

  return (
    <div className="filter-card__items">
      {keywords.map((k) =>
        k.editing ? (
          <input
            key={k.key}
            data-testid="keyword-input"
            className="keyword-input"
            value={k.text}
            placeholder={t('feedSetting.keywordPlaceholder')}
            aria-label={t('feedSetting.keywordPlaceholder')}
            maxLength={VIEW_LIMITS.keywordLength}
            enterKeyHint="done"
            // A new keyword is typed straight away (spec: "each new keyword starts in an editing state").
            // biome-ignore lint/a11y/noAutofocus: the user just asked for this input.
            autoFocus
            onChange={(e) => setText(k.key, e.target.value)}
            onBlur={() => commit(k.key)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.currentTarget.blur();
            }}
          />
        ) : (
          <span key={k.key} className="filter-tag">
            <button
              type="button"
              className="filter-tag__text"
              onClick={() => onChange(keywords.map((x) => (x.key === k.key ? { ...x, editing: true } : x)))}
            >
              {k.text}
            </button>
            <ChipRemove
              className="filter-tag__remove"
              label={t('feedSetting.removeItem', { name: k.text })}
              onClick={() => remove(k.key)}
            />
          </span>
        ),
      )}
      <button type="button" className="filter-tag filter-tag--add" data-testid="keyword-add" onClick={add}>
        <AddOutline /> {t('feedSetting.addKeyword')}
      </button>
      {over && (
        <div ref={limitRef} className="ks-field__error keyword-limit" role="alert" data-testid="keyword-limit">
          {t('feedSetting.keywordsMax', { max: VIEW_LIMITS.keywords })}
        </div>
      )}
    </div>
  );
}
