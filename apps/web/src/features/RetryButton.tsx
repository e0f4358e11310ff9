import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';

/** The outlined, rounded button that retries a failed load, under the error it answers. */
export function RetryButton({
  testId,
  size,
  loading,
  onClick,
  children,
}: {
  testId?: string;
  size?: 'small';
  loading?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      {...(size ? { size } : {})}
      {...(loading === undefined ? {} : { loading })}
      color="primary"
      fill="outline"
      shape="rounded"
      data-testid={testId}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
