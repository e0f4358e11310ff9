import { POPUP_MIN_HEIGHT } from '@kolscope/contract';
import { Button, Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './pickers.css';

/**
 * What every picker takes: whether it shows, the picks it opens with (ticked), close, and
 * confirm with the picks in picking order.
 */
export interface PickerProps<Value, Picked> {
  visible: boolean;
  value: readonly Value[];
  onClose: () => void;
  onConfirm: (picked: Picked[]) => void;
}

/**
 * The bottom sheet every picker opens in, at least 80vh tall (spec section 9) so the list does
 * not jump as results come and go. Its content is destroyed on close, so each opening starts
 * from the caller's current value with fresh search state.
 */
export function PickerPopup({
  visible,
  onClose,
  children,
}: {
  visible: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      destroyOnClose
      bodyClassName="picker"
      bodyStyle={{ minHeight: POPUP_MIN_HEIGHT, maxHeight: '92vh' }}
    >
      {children}
    </Popup>
  );
}

interface LayoutProps {
  title: string;
  onClose: () => void;
  onConfirm: () => void;
  /** How many items are picked; shown on the confirm button. */
  count: number;
  /** Fixed above the scrolling body: search input, picked chips. */
  top?: ReactNode;
  children: ReactNode;
}

/** Title with a close button, a fixed top, a body that scrolls on its own, confirm in thumb reach. */
export function PickerLayout({ title, onClose, onConfirm, count, top, children }: LayoutProps) {
  const { t } = useTranslation();
  return (
    <>
      <div className="picker__head">
        <span className="picker__title">{title}</span>
        <button type="button" className="ks-icon-button" aria-label={t('common.cancel')} onClick={onClose}>
          <CloseOutline />
        </button>
      </div>
      {top}
      <div className="picker__body">{children}</div>
      <div className="picker__foot">
        <Button block color="primary" shape="rounded" data-testid="picker-confirm" onClick={onConfirm}>
          {count > 0 ? t('picker.confirmCount', { count }) : t('picker.confirm')}
        </Button>
      </div>
    </>
  );
}
