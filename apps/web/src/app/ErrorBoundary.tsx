import { Button } from 'antd-mobile';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function Fallback({ error }: { error: Error }) {
  const { t } = useTranslation();
  return (
    <div data-testid="error-boundary" style={{ padding: '48px 24px', textAlign: 'center' }}>
      <h2 style={{ margin: '0 0 12px', fontSize: 20 }}>{t('error.title')}</h2>
      <p data-testid="error-message" style={{ color: 'var(--ks-muted)', wordBreak: 'break-word', margin: '0 0 24px' }}>
        {error.message || String(error)}
      </p>
      <Button color="primary" onClick={() => window.location.reload()}>
        {t('error.reload')}
      </Button>
      <div style={{ marginTop: 12 }}>
        <a className="ks-link" href="#/">
          {t('error.home')}
        </a>
      </div>
    </div>
  );
}

interface State {
  error: Error | null;
}

/** An unhandled render error shows its text instead of a blank page (spec section 8). */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('render error', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <Fallback error={this.state.error} /> : this.props.children;
  }
}
