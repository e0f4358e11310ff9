import { PageSpinner } from '../../features/PageSpinner';

/** /loading: a centred spinner and nothing else. */
export default function LoadingPage() {
  return <PageSpinner />;
}
