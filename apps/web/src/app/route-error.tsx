import { MESSAGES } from '@lyceum/contract/constants';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPage, type ErrorPageProps } from '../components/error-page';
import { PublicFrame } from './layouts/public-layout';

const NOT_FOUND_DETAIL = 'We could not find that page. It may have moved, or the address may be mistyped.';

/** A missing page says it is missing; only a route that fails gets the routing layer's fallback (issue 46.2). */
function pageOf(error: unknown): ErrorPageProps {
  if (isRouteErrorResponse(error) && error.status === 404)
    return { title: MESSAGES.pageNotFound, detail: NOT_FOUND_DETAIL };
  if (error instanceof TypeError && /dynamically imported module|Importing a module script/i.test(error.message)) {
    return { detail: 'A newer version of Lyceum is available. Reload the page to continue.' };
  }
  return { detail: 'Something went wrong while showing this page. Please try again.' };
}

/** The error element inside a layout: the header and footer stay, the content becomes the error page. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  return <ErrorPage {...pageOf(error)} />;
}

/** The last resort at the root, where no layout is mounted. */
export function RootErrorBoundary() {
  const error = useRouteError();
  return (
    <PublicFrame>
      <ErrorPage {...pageOf(error)} />
    </PublicFrame>
  );
}

/** Unknown paths. */
export function NotFound() {
  return <ErrorPage title={MESSAGES.pageNotFound} detail={NOT_FOUND_DETAIL} />;
}
