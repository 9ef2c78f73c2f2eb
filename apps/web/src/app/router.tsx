import { createBrowserRouter, matchRoutes, type HydrationState, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { paths, type AreaRole } from '../config/paths';
import { AppRoot } from './app-root';
import { GuestOnly } from './guards';
import { PublicLayout } from './layouts/public-layout';
import { NotFound, RootErrorBoundary, RouteErrorBoundary } from './route-error';
import type { AreaModule } from './routes/area-pages';
import { registerAreaLoaders } from '../lib/area-prefetch';

const loadArea: { [R in AreaRole]: () => Promise<AreaModule<R>> } = {
  student: () => import('./routes/student-area'),
  teacher: () => import('./routes/teacher-area'),
  admin: () => import('./routes/admin-area'),
  guardian: () => import('./routes/guardian-area'),
};
// The login form prefetches the area it is about to open (lib/area-prefetch.ts).
registerAreaLoaders(loadArea);

/**
 * A role area (spec §2, `/{role}/*`): its layout and pages are one lazily loaded chunk.
 * Every page of the area's paths registry becomes a child route; the index shows the dashboard.
 */
function areaRoute<R extends AreaRole>(role: R): RouteObject {
  const load = loadArea[role] as () => Promise<AreaModule<R>>;
  const { root, ...pages } = paths[role];
  type PageKey = keyof AreaModule<R>['pages'];
  const page = (key: PageKey) => ({ lazy: { Component: async () => (await load()).pages[key] } });

  return {
    path: root.path,
    lazy: { Component: async () => (await load()).Area },
    children: [
      {
        ErrorBoundary: RouteErrorBoundary,
        children: [
          { index: true, ...page('dashboard' as PageKey) },
          ...Object.entries(pages).map(([key, route]) => ({ path: route.path, ...page(key as PageKey) })),
        ],
      },
    ],
  };
}

/*
 * Every public page is its own lazily loaded chunk, like the role areas: a visitor downloads the shell and the one
 * page they open, never the editor, the forum or the forms of the others (issue 8, initial JS budget).
 */
const loadAboutPage = async () => (await import('../pages/about-page')).AboutPage;

/** Login and register share a screen, but each page downloads only its own form. */
async function guestAuthPage(mode: 'login' | 'register') {
  const Page =
    mode === 'login'
      ? (await import('../pages/login-page')).LoginPage
      : (await import('../pages/register-page')).RegisterPage;
  return (
    <GuestOnly>
      <Page />
    </GuestOnly>
  );
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppRoot,
    HydrateFallback: FullPageLoader,
    ErrorBoundary: RootErrorBoundary,
    children: [
      {
        Component: PublicLayout,
        children: [
          {
            ErrorBoundary: RouteErrorBoundary,
            children: [
              { index: true, lazy: { Component: async () => (await import('../pages/home/home-page')).HomePage } },
              {
                path: paths.courses.path,
                lazy: { Component: async () => (await import('../pages/courses-page')).CoursesPage },
              },
              {
                path: paths.courseDetails.path,
                lazy: { Component: async () => (await import('../pages/course-details-page')).CourseDetailsPage },
              },
              {
                path: paths.learn.path,
                lazy: { Component: async () => (await import('../pages/learn-page')).LearnPage },
              },
              { path: paths.blog.path, lazy: { Component: async () => (await import('../pages/blog-page')).BlogPage } },
              {
                path: paths.blogArticle.path,
                lazy: { Component: async () => (await import('../pages/blog-article-page')).BlogArticlePage },
              },
              { path: paths.about.path, lazy: { Component: loadAboutPage } },
              { path: paths.about.aliasPath, lazy: { Component: loadAboutPage } },
              { path: paths.faq.path, lazy: { Component: async () => (await import('../pages/faq-page')).FaqPage } },
              {
                path: paths.terms.path,
                lazy: { Component: async () => (await import('../pages/terms-page')).TermsPage },
              },
              { path: paths.docs.path, lazy: { Component: async () => (await import('../pages/docs-page')).DocsPage } },
              {
                path: paths.forum.path,
                lazy: { Component: async () => (await import('../pages/forum-page')).ForumPage },
              },
              {
                path: paths.certificate.path,
                lazy: { Component: async () => (await import('../pages/certificate-page')).CertificatePage },
              },
              {
                path: paths.forumDetails.path,
                lazy: { Component: async () => (await import('../pages/forum-details-page')).ForumDetailsPage },
              },
              { path: paths.login.path, lazy: { element: () => guestAuthPage('login') } },
              { path: paths.register.path, lazy: { element: () => guestAuthPage('register') } },
              {
                path: paths.forgetPassword.path,
                lazy: { Component: async () => (await import('../pages/forget-password-page')).ForgetPasswordPage },
              },
              {
                path: paths.resetPassword.path,
                lazy: { Component: async () => (await import('../pages/reset-password-page')).ResetPasswordPage },
              },
              {
                path: paths.undoEmailChange.path,
                lazy: {
                  Component: async () => (await import('../pages/undo-email-change-page')).UndoEmailChangePage,
                },
              },
              { path: paths.join.path, lazy: { Component: async () => (await import('../pages/join-page')).JoinPage } },
              {
                path: paths.guardianInvitation.path,
                lazy: {
                  Component: async () => (await import('../pages/guardian-invitation-page')).GuardianInvitationPage,
                },
              },
              {
                path: paths.unsubscribe.path,
                lazy: { Component: async () => (await import('../pages/unsubscribe-page')).UnsubscribePage },
              },
              { path: '*', Component: NotFound },
            ],
          },
        ],
      },
      {
        path: paths.notifications.path,
        ErrorBoundary: RouteErrorBoundary,
        lazy: { Component: async () => (await import('../pages/notifications-page')).NotificationsPage },
      },
      areaRoute('student'),
      areaRoute('teacher'),
      areaRoute('admin'),
      areaRoute('guardian'),
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The browser's router; `hydrationData` when it takes over a page the server rendered. */
export function createAppRouter(hydrationData?: HydrationState): AppRouter {
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined);
}

/**
 * Loads the lazy parts of the routes that match `pathname` and puts them on the route objects, so a router created
 * afterwards renders the page at once — as the server did — instead of its loading fallback (which would not match
 * the server's HTML during hydration).
 */
export async function resolveLazyRoutes(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      const { lazy } = route;
      if (!lazy || typeof lazy === 'function') return;
      const entries = await Promise.all(
        Object.entries(lazy).map(async ([key, load]) => [key, await (load as () => Promise<unknown>)()] as const),
      );
      Object.assign(route, Object.fromEntries(entries));
      delete route.lazy;
    }),
  );
}
