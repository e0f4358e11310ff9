import { FEED_COLLAPSE_ROWS } from '@kolscope/contract';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CoinLink } from '../coin/CoinLink';
import { linksNotInText, type PostLink, shortUrl, splitPostText } from './postText';

/**
 * The text, clamped to FEED_COLLAPSE_ROWS lines by CSS. Whether the clamp hides anything is
 * measured once after layout, so the expand button appears only when there is more to read.
 * Links open in a new tab (a link's words show its domain when they do not say it; links whose
 * words are not in the text are listed under it); cashtags open the coin's page.
 */
export function PostText({ text, links = [] }: { text: string; links?: readonly PostLink[] | undefined }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [clamped, setClamped] = useState(false);
  const parts = useMemo(() => splitPostText(text, links), [text, links]);
  const extraLinks = useMemo(() => linksNotInText(text, links), [text, links]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the text changes.
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && !expanded) setClamped(el.scrollHeight > el.clientHeight + 1);
  }, [text, expanded]);

  return (
    <div className="post-card__body">
      <div
        ref={ref}
        data-testid="post-text"
        data-expanded={expanded}
        className={expanded ? 'post-card__text' : 'post-card__text post-card__text--clamped'}
        style={{ WebkitLineClamp: expanded ? 'unset' : FEED_COLLAPSE_ROWS }}
      >
        {parts.map((part, i) => {
          const key = `${i}-${part.kind}`;
          if (part.kind === 'text') return <span key={key}>{part.text}</span>;
          if (part.kind === 'url') {
            return (
              <a
                key={key}
                className="post-card__link"
                href={part.href}
                target="_blank"
                rel="noopener noreferrer nofollow"
                data-testid="post-text-link"
              >
                {part.text}
                {part.domain && <span className="post-card__link-domain"> ({part.domain})</span>}
              </a>
            );
          }
          // A cashtag opens its coin's page (issue 29: it looked like a link and did nothing).
          if (part.kind === 'cashtag') {
            return (
              <CoinLink key={key} coin={part.text} className="post-card__mark" testId="post-cashtag">
                {part.text}
              </CoinLink>
            );
          }
          return (
            <span key={key} className="post-card__mark">
              {part.text}
            </span>
          );
        })}
      </div>
      {extraLinks.length > 0 && (
        <ul className="post-card__extra-links">
          {extraLinks.map((link) => (
            <li key={link.url}>
              <a
                className="post-card__link"
                href={link.url}
                target="_blank"
                rel="noopener noreferrer nofollow"
                data-testid="post-text-link"
              >
                {shortUrl(link.url)}
              </a>
            </li>
          ))}
        </ul>
      )}
      {(clamped || expanded) && (
        <button
          type="button"
          className="post-card__expand"
          data-testid="post-expand"
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? t('post.collapse') : t('post.expand')}
        </button>
      )}
    </div>
  );
}
