import { FEED_MAX_IMAGES, type Post } from '@kolscope/contract';
import { ImageViewer } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { imageSrc } from '../../api/imageSrc';

/**
 * At most FEED_MAX_IMAGES thumbnails; the last one shown carries "+N" when there are more.
 * A tap opens every image of the post full size, starting at the one tapped; a video's still
 * carries a play mark and opens the video on its network.
 */
export function ImageGrid({ medias }: { medias: Post['medias'] }) {
  const { t } = useTranslation();
  if (medias.length === 0) return null;
  const shown = medias.slice(0, FEED_MAX_IMAGES);
  const hidden = medias.length - shown.length;
  const open = (index: number) =>
    ImageViewer.Multi.show({
      images: medias.map((m) => imageSrc(m.imgUrlOrigin || m.imgUrlThumb)),
      defaultIndex: index,
      classNames: { mask: 'post-viewer-mask', body: 'post-viewer' },
    });

  const videoHref = (m: Post['medias'][number]) =>
    m.kind === 'video' && /^https:\/\//.test(m.imgUrlOrigin) ? m.imgUrlOrigin : '';

  return (
    <div className={`post-card__images post-card__images--${shown.length}`} data-testid="post-images">
      {shown.map((media, i) => (
        <button
          type="button"
          // biome-ignore lint/suspicious/noArrayIndexKey: a post's images never reorder, and URLs may repeat.
          key={i}
          className="post-card__image"
          data-testid="post-image"
          aria-label={
            media.kind === 'video'
              ? t('post.video', { n: i + 1, total: medias.length })
              : hidden > 0 && i === shown.length - 1
                ? `${t('post.image', { n: i + 1, total: medias.length })}, ${t('post.moreImages', { count: hidden })}`
                : t('post.image', { n: i + 1, total: medias.length })
          }
          data-kind={media.kind ?? 'photo'}
          onClick={() => {
            const href = videoHref(media);
            if (href) window.open(href, '_blank', 'noopener,noreferrer');
            else open(i);
          }}
        >
          <img
            src={imageSrc(media.imgUrlThumb || media.imgUrlOrigin)}
            alt=""
            loading="lazy"
            decoding="async"
            // A picture the proxy could not fetch leaves the grey tile, not a broken-image icon.
            onError={(e) => {
              e.currentTarget.style.visibility = 'hidden';
            }}
          />
          {media.kind === 'video' && (
            <span className="post-card__play" aria-hidden="true">
              ▶
            </span>
          )}
          {hidden > 0 && i === shown.length - 1 && (
            <span className="post-card__more-images" aria-hidden="true">
              +{hidden}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
