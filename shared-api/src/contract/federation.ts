/**
 * Agreements between the shell and the remotes that are not HTTP (docs/architecture.md, One
 * federation runtime).
 *
 * The shell offers react-router-dom to the remotes as a singleton, but only these exports of
 * it: offering the whole module would put all of it on the sign-in page. A remote importing
 * a name outside this list gets `undefined` from the shell's router, so each remote's tests
 * check its imports against the list. Adding a name is backward compatible; the shell that
 * offers it must be deployed before a remote that uses it.
 */
export const SHARED_ROUTER_EXPORTS = [
  'BrowserRouter',
  'Link',
  'MemoryRouter',
  'NavLink',
  'Navigate',
  'Outlet',
  'Route',
  'Routes',
  'UNSAFE_LocationContext',
  'UNSAFE_NavigationContext',
  'UNSAFE_RouteContext',
  'createPath',
  'createSearchParams',
  'generatePath',
  'matchPath',
  'matchRoutes',
  'parsePath',
  'resolvePath',
  'useHref',
  'useInRouterContext',
  'useLinkClickHandler',
  'useLocation',
  'useMatch',
  'useNavigate',
  'useNavigationType',
  'useOutlet',
  'useOutletContext',
  'useParams',
  'useResolvedPath',
  'useRoutes',
  'useSearchParams',
] as const;
export type SharedRouterExport = (typeof SHARED_ROUTER_EXPORTS)[number];

/**
 * The exports of @tanstack/react-query the shell offers the remotes, on the same terms as
 * the router's: a remote importing a name outside this list gets `undefined`.
 */
export const SHARED_QUERY_EXPORTS = [
  'QueryClient',
  'QueryClientProvider',
  'keepPreviousData',
  'queryOptions',
  'useMutation',
  'useMutationState',
  'useQuery',
  'useQueryClient',
] as const;
export type SharedQueryExport = (typeof SHARED_QUERY_EXPORTS)[number];
