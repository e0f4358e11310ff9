import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';

interface Props {
  testId: string;
  loading?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}

/** The page's main action: one large round button in the sticky footer (`ks-sticky-footer`). */
export function FooterButton({ testId, loading, disabled, onClick, children }: Props) {
  return (
    <footer className="ks-sticky-footer">
      <Button
        block
        color="primary"
        size="large"
        shape="rounded"
        data-testid={testId}
        loading={loading}
        disabled={disabled}
        onClick={onClick}
      >
        {children}
      </Button>
    </footer>
  );
}
