import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary';

// antd-mobile's Node build requires CSS files; a plain button stands in for the test.
vi.mock('antd-mobile', () => ({
  Button: (props: { children: unknown }) => createElement('button', { type: 'button' }, props.children as string),
}));

describe('ErrorBoundary', () => {
  it('renders its children while nothing failed', () => {
    const html = renderToStaticMarkup(createElement(ErrorBoundary, null, createElement('p', null, 'all good')));
    expect(html).toBe('<p>all good</p>');
  });
  it('shows the text of a render error instead of the page', () => {
    const boundary = new ErrorBoundary({ children: createElement('p', null, 'page') });
    boundary.state = ErrorBoundary.getDerivedStateFromError(new Error('views is not iterable'));
    const html = renderToStaticMarkup(boundary.render() as never);
    expect(html).toContain('data-testid="error-boundary"');
    expect(html).toContain('views is not iterable');
    expect(html).not.toContain('page');
  });
  it('turns a thrown non-Error into readable text', () => {
    expect(ErrorBoundary.getDerivedStateFromError('plain string').error?.message).toBe('plain string');
  });
});
