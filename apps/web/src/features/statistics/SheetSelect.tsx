import { ActionSheet } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface SheetOption {
  value: string;
  text: ReactNode;
}

interface Props {
  label: string;
  /** What the button shows for the current value. */
  valueText: string;
  value: string;
  options: readonly SheetOption[];
  sheetTitle: string;
  /** The button's test id; entries are `<testId>-option-<value>` ('all' for ''). */
  testId: string;
  /** Extra class of the button (layout). */
  className?: string;
  onChange: (value: string) => void;
}

/** A selector button (label and value) opening a bottom action sheet with cancel, as the report's. */
export function SheetSelect({ label, valueText, value, options, sheetTitle, testId, className, onChange }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className ? `report-bar__button ${className}` : 'report-bar__button'}
        data-testid={testId}
        onClick={() => setOpen(true)}
      >
        <span className="report-bar__label">{label}</span>
        <span className="report-bar__value">{valueText}</span>
        <DownOutline className="report-bar__caret" />
      </button>
      <ActionSheet
        visible={open}
        extra={sheetTitle}
        cancelText={t('common.cancel')}
        actions={options.map((o) => ({
          key: o.value,
          text: (
            <span
              data-testid={`${testId}-option-${o.value || 'all'}`}
              className={o.value === value ? 'report-sheet__on' : undefined}
            >
              {o.text}
            </span>
          ),
        }))}
        onAction={(action) => {
          setOpen(false);
          onChange(String(action.key));
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
