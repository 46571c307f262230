import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireMembership } from './require-membership.tsx';
import { PageLoader, PublicLayout, RootLayout, RouteError } from './root-layout.tsx';
import { type AppRoute, ROUTES, type RouteHandle } from './routes.ts';

function toRouteObject(route: AppRoute): RouteObject {
  const handle: RouteHandle = { title: route.title, wide: route.wide };
  const page: RouteObject = { path: route.path, handle, lazy: { Component: route.page } };
  if (!route.memberships && !route.portal) return page;
  return { element: <RequireMembership route={route} />, children: [page] };
}

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
