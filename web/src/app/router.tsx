import { createBrowserRouter, matchPath, type RouteObject } from 'react-router';
import { guardRedirects } from '../lib/session.ts';
import { RequireMembership } from './require-membership.tsx';
import { PageLoader, PublicLayout, RootLayout, RouteError } from './root-layout.tsx';
import { type AppRoute, ROUTES, type RouteHandle, routeAdmits } from './routes.ts';

function toRouteObject(route: AppRoute): RouteObject {
  const handle: RouteHandle = { title: route.title, titleFor: route.titleFor, wide: route.wide };
  const page: RouteObject = { path: route.path, handle, lazy: { Component: route.page } };
  if (!route.memberships && !route.portal) return page;
  return { element: <RequireMembership route={route} />, children: [page] };
}

// A page kept for after the login opens only if the user who signed in may open it.
guardRedirects((path, user) => {
  const pathname = path.split(/[?#]/)[0];
  const route = ROUTES.find((candidate) => !candidate.public && matchPath(candidate.path, pathname));
  return route === undefined || routeAdmits(route, user);
});

export const router = createBrowserRouter([
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoader,
    children: [
      { Component: PublicLayout, children: ROUTES.filter((route) => route.public).map(toRouteObject) },
      {
        // The signed-in shell (menus, popovers, the session query) is its own chunk: the guest
        // screens never load it.
        lazy: { Component: () => import('./app-layout.tsx').then((m) => m.AppLayout) },
        children: ROUTES.filter((route) => !route.public).map(toRouteObject),
      },
    ],
  },
]);
