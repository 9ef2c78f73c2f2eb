import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPage } from '../components/error-page';
import { PublicFrame } from './layouts/public-layout';

function detailOf(error: unknown): string {
  if (isRouteErrorResponse(error) && error.status === 404) return 'We could not find that page.';
  if (error instanceof TypeError && /dynamically imported module|Importing a module script/i.test(error.message)) {
    return 'A newer version of Lyceum is available. Reload the page to continue.';
  }
  return 'Something went wrong while showing this page. Please try again.';
}

/** The error element inside a layout: the header and footer stay, the content becomes the error page. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  return <ErrorPage detail={detailOf(error)} />;
}

/** The last resort at the root, where no layout is mounted. */
export function RootErrorBoundary() {
  const error = useRouteError();
  return (
    <PublicFrame>
      <ErrorPage detail={detailOf(error)} />
    </PublicFrame>
  );
}

/** Unknown paths. */
export function NotFound() {
  return <ErrorPage detail="We could not find that page. It may have moved, or the address may be mistyped." />;
}
