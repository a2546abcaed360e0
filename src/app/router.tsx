import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { LoadingBlock } from '../components/feedback/LoadingBlock';
import type { ShellRouteHandle } from '../components/layout/AppLayout';
import { GuestLayout } from '../components/layout/GuestLayout';
import { RouteErrorPage } from '../components/feedback/RouteErrorPage';
import { ROUTES } from '../shared/routes';
import { resourceRoutes } from './resourceRoutes';
import { settingRoutes } from './settingRoutes';

/**
 * Every screen and the app layout are lazy: their own chunk, loaded in parallel with the layout they
 * sit in.
 * A chunk that fails to load is a route error; RouteErrorPage offers a reload for it.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <LoadingBlock fullHeight />,
    children: [
      {
        // Not lazy: a few lines every guest screen needs, so the first page of a visitor (/login)
        // waits for one chunk fewer.
        Component: GuestLayout,
        children: [
          {
            path: ROUTES.login,
            lazy: () =>
              import(/* webpackChunkName: "login" */ '../screens/login/LoginScreen').then((m) => ({
                Component: m.LoginScreen,
              })),
          },
          {
            path: ROUTES.forgotPassword,
            lazy: () =>
              import(
                /* webpackChunkName: "forgot-password" */ '../screens/forgot-password/ForgotPasswordScreen'
              ).then((m) => ({ Component: m.ForgotPasswordScreen })),
          },
          {
            path: ROUTES.forgotPasswordSuccess,
            lazy: () =>
              import(
                /* webpackChunkName: "forgot-password-success" */ '../screens/forgot-password/ForgotPasswordSuccessScreen'
              ).then((m) => ({ Component: m.ForgotPasswordSuccessScreen })),
          },
          {
            path: ROUTES.resetPassword,
            lazy: () =>
              import(
                /* webpackChunkName: "reset-password" */ '../screens/reset-password/ResetPasswordScreen'
              ).then((m) => ({ Component: m.ResetPasswordScreen })),
          },
        ],
      },
      {
        lazy: () =>
          import(/* webpackChunkName: "app-layout" */ './ShellLayout').then((m) => ({
            Component: m.ShellLayout,
          })),
        children: [
          {
            // Errors inside a screen keep the header and menu around the error page.
            errorElement: <RouteErrorPage />,
            children: [
              {
                index: true,
                lazy: () =>
                  import(/* webpackChunkName: "dashboard" */ '../screens/dashboard/DashboardScreen').then(
                    (m) => ({
                      Component: m.DashboardScreen,
                    }),
                  ),
              },
              {
                path: ROUTES.profile,
                lazy: () =>
                  import(/* webpackChunkName: "profile" */ '../screens/profile/ProfileScreen').then((m) => ({
                    Component: m.ProfileScreen,
                  })),
              },
              {
                path: ROUTES.secondFactorEnrolment,
                lazy: () =>
                  import(
                    /* webpackChunkName: "second-factor" */ '../screens/second-factor/SecondFactorEnrolmentScreen'
                  ).then((m) => ({ Component: m.SecondFactorEnrolmentScreen })),
              },
              {
                path: ROUTES.changePassword,
                lazy: () =>
                  import(
                    /* webpackChunkName: "change-password" */ '../screens/change-password/ChangePasswordScreen'
                  ).then((m) => ({ Component: m.ChangePasswordScreen })),
              },
              ...resourceRoutes,
              ...settingRoutes,
              {
                path: '*',
                // Signed out, an unknown path is the 404 page too, not a sign-in (issue #41).
                handle: { openToGuests: true } satisfies ShellRouteHandle,
                lazy: () =>
                  import(/* webpackChunkName: "not-found" */ '../components/feedback/MessagePage').then(
                    (m) => ({
                      Component: m.NotFoundPage,
                    }),
                  ),
              },
            ],
          },
        ],
      },
    ],
  },
];

/** The app's router; made after the store is handed to the routes' loaders (`provideRouteStore`). */
export const createAppRouter = () => createBrowserRouter(routes);
