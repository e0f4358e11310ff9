/**
 * Where the browser loads an image from. Images of kolscope itself (`/coin-icons/...`,
 * `/demo-media/...`) and data: URLs load as they are; any other http(s) image goes through the
 * server's proxy, so the reader's address never reaches a third-party host and the page's CSP can
 * allow images from its own origin only. Anything else (javascript:, file:, junk) shows nothing.
 */
export const MEDIA_PROXY_PATH = '/media/proxy';

export function imageSrc(url: string | null | undefined): string {
  const text = (url ?? '').trim();
  if (text === '') return '';
  if ((text.startsWith('/') && !text.startsWith('//')) || text.startsWith('data:image/')) return text;
  if (/^https?:\/\//i.test(text)) return `${MEDIA_PROXY_PATH}?url=${encodeURIComponent(text)}`;
  return '';
}
