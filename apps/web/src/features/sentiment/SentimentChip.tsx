import type { Post } from '@kolscope/contract';
import { UserOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMySentiment } from '../../state/mySentiments';
import { SentimentSheet } from './SentimentSheet';
import './sentiment.css';

/**
 * The post card's sentiment chip: the user's own reading when they gave one (with a person
 * mark), else the model's. Tapping it opens the sheet that explains and corrects it.
 */
export function SentimentChip({ post }: { post: Post }) {
  const { t } = useTranslation();
  const mine = useMySentiment(post.id, post.mySentiment);
  // Mounted on first open only: a feed of cards does not build a sheet per card.
  const [opened, setOpened] = useState(false);
  const [open, setOpen] = useState(false);
  if (!post.sentiment) return null;
  const shown = mine ?? post.sentiment;
  return (
    <>
      <button
        type="button"
        className={`post-card__sentiment post-card__sentiment--${shown} sentiment-chip`}
        data-testid="post-sentiment"
        data-sentiment={shown}
        data-mine={mine ? 'true' : 'false'}
        aria-haspopup="dialog"
        aria-label={mine ? t('sentiment.chipMine', { label: t(`post.sentiment.${shown}`) }) : undefined}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {t(`post.sentiment.${shown}`)}
        {mine && <UserOutline className="sentiment-chip__mine" data-testid="post-sentiment-mine" aria-hidden />}
      </button>
      {opened && <SentimentSheet post={post} mine={mine} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
