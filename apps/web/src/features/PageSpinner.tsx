import { LOADING_SPINNER_SIZE_PX } from '@kolscope/contract';
import { SpinLoading } from 'antd-mobile';

/** A centred spinner: the /loading page and the fallback while a page chunk loads. */
export function PageSpinner() {
  return (
    <div
      data-testid="page-spinner"
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '100vh' }}
    >
      <SpinLoading color="primary" style={{ '--size': `${LOADING_SPINNER_SIZE_PX}px` }} />
    </div>
  );
}
