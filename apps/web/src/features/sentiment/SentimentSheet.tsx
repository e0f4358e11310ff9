import { type Post, SENTIMENT_LABELS, type SentimentLabel } from '@kolscope/contract';
import { Popup } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { mySentiments } from '../../state/mySentiments';
import { toastError, toastSuccess } from '../toast';
import { formatPercent } from '../track/format';
import { sureness } from './confidence';
import { describeCues, describeModel } from './cues';

interface Props {
  post: Post;
  /** The user's own label, if any. */
  mine: SentimentLabel | undefined;
  open: boolean;
  onClose: () => void;
}

/** Why a post reads as it does, which model read it, and the user's correction (issue 14 §3). */
export function SentimentSheet({ post, mine, open, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const model = post.sentiment ?? 'neutral';
  const current = mine ?? model;
  const cues = describeCues(post.sentimentCues, i18n.language);

  const choose = (label: SentimentLabel) => {
    onClose();
    if (label === mine) return;
    // Shown at once by the store; a refusal (e.g. too many corrections) rolls back and says why.
    mySentiments.correct(post.id, label).then(
      () => toastSuccess(t('sentiment.saved')),
      (error: unknown) => toastError(error, t('sentiment.saveFailed')),
    );
  };

  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      destroyOnClose
      bodyStyle={{ borderRadius: '16px 16px 0 0' }}
    >
      <div className="sentiment-sheet" data-testid="sentiment-sheet" role="dialog" aria-labelledby="sentiment-title">
        <h2 id="sentiment-title" className="sentiment-sheet__title">
          {t('sentiment.title')}
        </h2>
        {post.text && (
          <p className="sentiment-sheet__post" data-testid="sentiment-post">
            {post.text}
          </p>
        )}
        <p className="sentiment-sheet__model-label" data-testid="sentiment-model-label">
          {t('sentiment.modelSays')}{' '}
          <span className={`post-card__sentiment post-card__sentiment--${model}`}>{t(`post.sentiment.${model}`)}</span>
        </p>
        {post.sentimentConfidence !== undefined && (
          <p className="sentiment-sheet__sure" data-testid="sentiment-confidence">
            {t('sentiment.howSure', {
              word: t(`sentiment.sure.${sureness(post.sentimentConfidence, post.sentimentCall)}`),
              percent: formatPercent(post.sentimentConfidence, i18n.language),
            })}
          </p>
        )}
        {post.sentimentCall !== undefined && (
          <p className="sentiment-sheet__call" data-testid="sentiment-call" data-call={post.sentimentCall}>
            {t(post.sentimentCall ? 'sentiment.isCall' : 'sentiment.notCall')}
          </p>
        )}
        <h3 className="sentiment-sheet__heading">{t('sentiment.why')}</h3>
        {cues.length > 0 ? (
          <ul className="sentiment-sheet__cues" data-testid="sentiment-cues">
            {cues.map((cue) => (
              <li key={cue} className="sentiment-sheet__cue" data-testid="sentiment-cue">
                {cue}
              </li>
            ))}
          </ul>
        ) : (
          <p className="sentiment-sheet__none" data-testid="sentiment-no-cues">
            {t('sentiment.noCues')}
          </p>
        )}
        <p className="sentiment-sheet__model" data-testid="sentiment-model">
          {t('sentiment.readBy', { model: describeModel(post.sentimentModel, i18n.language) })}
        </p>
        <h3 className="sentiment-sheet__heading">{t('sentiment.readsAs')}</h3>
        <div className="sentiment-sheet__choices">
          {SENTIMENT_LABELS.map((label) => (
            <button
              type="button"
              key={label}
              className={`sentiment-choice sentiment-choice--${label} ks-tone--${label}${label === current ? ' sentiment-choice--current' : ''}`}
              data-testid={`sentiment-choice-${label}`}
              aria-pressed={label === current}
              onClick={() => choose(label)}
            >
              {label === current && <CheckOutline aria-hidden />}
              {t(`post.sentiment.${label}`)}
            </button>
          ))}
        </div>
        <p className="sentiment-sheet__hint">{mine ? t('sentiment.hintMine') : t('sentiment.hint')}</p>
      </div>
    </Popup>
  );
}
