import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';

/** The full-width primary button that ends every login sub-step. */
export function SubmitButton(props: {
  testId: string;
  onClick: () => void;
  loading?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      block
      type="submit"
      color="primary"
      size="large"
      shape="rounded"
      data-testid={props.testId}
      loading={props.loading}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.children}
    </Button>
  );
}
