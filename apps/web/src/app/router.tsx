import type { Role } from '@lyceum/contract';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { paths } from '../config/paths';
import { AboutPage } from '../pages/about-page';
import { AuthPage } from '../pages/auth-page';
import { BlogPage } from '../pages/blog-page';
import { CourseDetailsPage } from '../pages/course-details-page';
import { CoursesPage } from '../pages/courses-page';
import { ForgetPasswordPage } from '../pages/forget-password-page';
import { ForumDetailsPage } from '../pages/forum-details-page';
import { ForumPage } from '../pages/forum-page';
import { HomePage } from '../pages/home/home-page';
import { ResetPasswordPage } from '../pages/reset-password-page';
import { AppRoot } from './app-root';
import { GuestOnly } from './guards';
import { PublicLayout } from './layouts/public-layout';
import { NotFound, RootErrorBoundary, RouteErrorBoundary } from './route-error';
import type { AreaModule } from './routes/area-pages';

const loadArea: { [R in Role]: () => Promise<AreaModule<R>> } = {
  student: () => import('./routes/student-area'),
  teacher: () => import('./routes/teacher-area'),
  admin: () => import('./routes/admin-area'),
};

/**
 * A role area (spec §2, `/{role}/*`): its layout and pages are one lazily loaded chunk.
 * Every page of the area's paths registry becomes a child route; the index shows the dashboard.
 */
function areaRoute<R extends Role>(role: R): RouteObject {
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
              { index: true, Component: HomePage },
              { path: paths.courses.path, Component: CoursesPage },
              { path: paths.courseDetails.path, Component: CourseDetailsPage },
              { path: paths.blog.path, Component: BlogPage },
              { path: paths.about.path, Component: AboutPage },
              { path: paths.about.aliasPath, Component: AboutPage },
              { path: paths.forum.path, Component: ForumPage },
              { path: paths.forumDetails.path, Component: ForumDetailsPage },
              {
                path: paths.login.path,
                element: (
                  <GuestOnly>
                    <AuthPage mode="login" />
                  </GuestOnly>
                ),
              },
              {
                path: paths.register.path,
                element: (
                  <GuestOnly>
                    <AuthPage mode="register" />
                  </GuestOnly>
                ),
              },
              { path: paths.forgetPassword.path, Component: ForgetPasswordPage },
              { path: paths.resetPassword.path, Component: ResetPasswordPage },
              { path: '*', Component: NotFound },
            ],
          },
        ],
      },
      areaRoute('student'),
      areaRoute('teacher'),
      areaRoute('admin'),
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
