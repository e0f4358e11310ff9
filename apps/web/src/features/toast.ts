import { Toast } from 'antd-mobile';
import { errorMessage } from '../api';

/** Spec section 7: show the server's text when there is one, else the action's default. */
export function toastError(error: unknown, fallback: string): void {
  Toast.show({ icon: 'fail', content: errorMessage(error, fallback) });
}

export function toastSuccess(content: string): void {
  Toast.show({ icon: 'success', content });
}

export function toastInfo(content: string): void {
  Toast.show({ content });
}
