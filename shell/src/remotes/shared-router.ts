/**
 * The react-router-dom the shell offers the remotes: its own router instance (so one
 * location and one history for every app), limited to the exports in the contract's
 * SHARED_ROUTER_EXPORTS so that the sign-in page does not load the whole router
 * (tested: shared-modules.test.ts). Declarative routing only; no data routers.
 */
export {
  BrowserRouter,
  createPath,
  createSearchParams,
  generatePath,
  Link,
  MemoryRouter,
  matchPath,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  parsePath,
  Route,
  Routes,
  resolvePath,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from 'react-router-dom';
