import { fitProfileComplete } from '@fp/contracts';
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Navigate,
  Outlet,
  useNavigate,
  useRouterState,
  type ErrorComponentProps,
} from '@tanstack/react-router';
import { useEffect, type JSX } from 'react';
import { AppShell } from './app/AppShell';
import { ErrorScreen } from './app/ErrorScreen';
import { LoadingScreen } from './app/LoadingScreen';
import { AUDITOR_HOME, isAuthPath, isDeckViewerPath } from './app/nav';
import { NotFoundPage } from './app/NotFoundPage';
import { SignInPage } from './features/accounts/SignInPage';
import { creditBalanceQueryOptions } from './features/credits/queries';
import { useOpsAccess } from './features/ops/queries';
import { angelInvestorsQueryOptions } from './features/catalog/investor-queries';
import { filtersFromAngelSearch, validateAngelSearch } from './features/catalog/investor-search';
import { listQueryFor, vcFirmsQueryOptions, type VcVariant } from './features/catalog/vc-queries';
import { startupProfileQueryOptions } from './features/profile/queries';
import { filtersFromSearch, validateVcSearch, type VcSearch } from './features/catalog/vc-search';
import { opsUsersQueryOptions } from './features/ops/queries';
import { usersListOf, validateUsersSearch } from './features/ops/users-search';
import { pipelineQueryOptions } from './features/pipeline/queries';
import { validatePipelineSearch } from './features/pipeline/search';
import { submissionStatsQueryOptions, submissionsQueryOptions } from './features/submissions/queries';
import { submissionsTab, validateSubmissionsSearch } from './features/submissions/search';
import { activityGuard, noActivityGuard } from './lib/activity-guard';
import { useIdentity } from './lib/identity';
import type { IdentityStore } from './lib/identity/store';
import { whenSignedIn, type RouterContext } from './lib/router-context';
import { Toaster } from './ui/Toaster';

// Each screen is its own chunk, loaded when its route is first shown: the VC database does not
// wait for the code of every other screen (the shell, sign-in and the loaders' queries stay here).
const ResetPasswordPage = lazyRouteComponent(
  () => import('./features/accounts/ResetPasswordPage'),
  'ResetPasswordPage',
);
const VerifyEmailPage = lazyRouteComponent(() => import('./features/accounts/VerifyEmailPage'), 'VerifyEmailPage');
const CreditsPage = lazyRouteComponent(() => import('./features/credits/CreditsPage'), 'CreditsPage');
const PricingPage = lazyRouteComponent(() => import('./features/credits/PricingPage'), 'PricingPage');
const LocalCheckoutPage = lazyRouteComponent(() => import('./features/credits/LocalCheckoutPage'), 'LocalCheckoutPage');
const MailboxPage = lazyRouteComponent(() => import('./features/mail/MailboxPage'), 'MailboxPage');
const UnsubscribePage = lazyRouteComponent(() => import('./features/mail/UnsubscribePage'), 'UnsubscribePage');
const FormsPage = lazyRouteComponent(() => import('./features/ops/FormsPage'), 'FormsPage');
const LedgerPage = lazyRouteComponent(() => import('./features/ops/LedgerPage'), 'LedgerPage');
const OpsHomePage = lazyRouteComponent(() => import('./features/ops/OpsHomePage'), 'OpsHomePage');
const SystemPage = lazyRouteComponent(() => import('./features/ops/SystemPage'), 'SystemPage');
const UsersPage = lazyRouteComponent(() => import('./features/ops/UsersPage'), 'UsersPage');
const WorkflowsPage = lazyRouteComponent(() => import('./features/ops/WorkflowsPage'), 'WorkflowsPage');
const DashboardPage = lazyRouteComponent(() => import('./features/dashboard/DashboardPage'), 'DashboardPage');
const InvestorsPage = lazyRouteComponent(() => import('./features/catalog/InvestorsPage'), 'InvestorsPage');
const DeckPage = lazyRouteComponent(() => import('./features/deck-links/DeckPage'), 'DeckPage');
const DeckViewerPage = lazyRouteComponent(() => import('./features/deck-links/DeckViewer'), 'DeckViewerPage');
const UpdatePage = lazyRouteComponent(() => import('./features/investor-updates/UpdatePage'), 'UpdatePage');
const UpdatesPage = lazyRouteComponent(() => import('./features/investor-updates/UpdatesPage'), 'UpdatesPage');
const PipelinePage = lazyRouteComponent(() => import('./features/pipeline/PipelinePage'), 'PipelinePage');
const SettingsPage = lazyRouteComponent(() => import('./features/profile/SettingsPage'), 'SettingsPage');
const SecurityDashboardPage = lazyRouteComponent(
  () => import('./features/security/SecurityDashboardPage'),
  'SecurityDashboardPage',
);
const SubmissionsPage = lazyRouteComponent(() => import('./features/submissions/SubmissionsPage'), 'SubmissionsPage');
const TestVcDatabasePage = lazyRouteComponent(
  () => import('./features/catalog/TestVcDatabasePage'),
  'TestVcDatabasePage',
);
const VcDatabasePage = lazyRouteComponent(() => import('./features/catalog/VcDatabasePage'), 'VcDatabasePage');

/**
 * The gate: /auth and /sign-* render only the sign-in form. Everything else shows the loading
 * view until auth has loaded, then the shell and the route when signed in, else the sign-in form.
 */
function RootLayout(): JSX.Element {
  // Toasts live inside the router so that a toast may hold a <Link>.
  return (
    <>
      <Gate />
      <Toaster />
    </>
  );
}

function Gate(): JSX.Element {
  const identity = useIdentity();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  if (isAuthPath(pathname)) return <Outlet />;
  // The public deck viewer: no account, no shell (it still sees a founder's session, to not count their visits).
  if (isDeckViewerPath(pathname)) return <Outlet />;
  if (!identity.loaded) return <LoadingScreen />;
  if (!identity.signedIn) return <SignInPage />;
  return <SignedIn pathname={pathname} />;
}

/** The shell; an auditor is kept on the ledger, the only screen the server opens to them. */
function SignedIn({ pathname }: { pathname: string }): JSX.Element {
  const { auditor } = useOpsAccess();
  if (auditor && !pathname.startsWith(AUDITOR_HOME)) return <Navigate to={AUDITOR_HOME} replace />;
  return (
    <AppShell pathname={pathname}>
      <Outlet />
    </AppShell>
  );
}

/** /auth and /sign-*: the sign-in form only; once signed in, go to /. */
function AuthScreen(): JSX.Element {
  const { loaded, signedIn } = useIdentity();
  const navigate = useNavigate();
  useEffect(() => {
    if (signedIn) void navigate({ to: '/', replace: true });
  }, [signedIn, navigate]);
  if (!loaded || signedIn) return <LoadingScreen />;
  return <SignInPage />;
}

/** Unknown paths: 404, except /sign-* which belongs to the sign-in form. */
function CatchAll(): JSX.Element {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return isAuthPath(pathname) ? <AuthScreen /> : <NotFoundPage />;
}

function RouteError({ reset }: ErrorComponentProps): JSX.Element {
  return <ErrorScreen onDismiss={reset} />;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteError,
});

const dashboardLoader = ({ context }: { context: RouterContext }) =>
  whenSignedIn(context, (qc) => qc.ensureQueryData(creditBalanceQueryOptions()));

// One route per path in spec §2's table. Screens live in features/<module>/.
const parent = () => rootRoute;
const dashboardRoute = createRoute({
  getParentRoute: parent,
  path: '/',
  component: DashboardPage,
  loader: dashboardLoader,
});
const dashboardAliasRoute = createRoute({
  getParentRoute: parent,
  path: '/dashboard',
  component: DashboardPage,
  loader: dashboardLoader,
});
// The databases keep query, filters and page in the URL; loaders prefetch the page the component reads.
// Not awaited: a filter change must show at once (the list keeps its previous page while loading),
// never wait for the request (the activity guard delays list requests by design).
// The list's order needs the profile (best fit once it names stage and industry): the loader reads
// it (usually cached) and starts the very request the screen makes, while the screen's code loads.
const vcLoader =
  (variant: VcVariant) =>
  ({ context, deps }: { context: RouterContext; deps: VcSearch }) =>
    whenSignedIn(context, async (qc) => {
      const { profile } = await qc.ensureQueryData(startupProfileQueryOptions());
      void qc.prefetchQuery(
        vcFirmsQueryOptions(
          variant,
          listQueryFor(filtersFromSearch(deps), fitProfileComplete(profile)),
          deps.page ?? 1,
          variant === 'vc' ? activityGuard : noActivityGuard,
        ),
      );
    });
const vcDatabaseRoute = createRoute({
  getParentRoute: parent,
  path: '/vc-database',
  component: VcDatabasePage,
  validateSearch: validateVcSearch,
  loaderDeps: ({ search }) => search,
  loader: vcLoader('vc'),
});
const testVcDatabaseRoute = createRoute({
  getParentRoute: parent,
  path: '/test-vc-database',
  component: TestVcDatabasePage,
  validateSearch: validateVcSearch,
  loaderDeps: ({ search }) => search,
  loader: vcLoader('test'),
});
const submissionsRoute = createRoute({
  getParentRoute: parent,
  path: '/submissions',
  component: SubmissionsPage,
  validateSearch: validateSubmissionsSearch,
  // The list follows the tab; the run to answer is the page's business.
  loaderDeps: ({ search }) => ({ tab: submissionsTab(search) }),
  loader: ({ context, deps }) =>
    whenSignedIn(context, async (qc) => {
      void qc.prefetchQuery(submissionsQueryOptions(deps.tab));
      void qc.prefetchQuery(submissionStatsQueryOptions());
    }),
});
const pipelineRoute = createRoute({
  getParentRoute: parent,
  path: '/pipeline',
  component: PipelinePage,
  validateSearch: validatePipelineSearch,
  loader: ({ context }) => whenSignedIn(context, async (qc) => void qc.prefetchQuery(pipelineQueryOptions())),
});
const deckRoute = createRoute({ getParentRoute: parent, path: '/deck', component: DeckPage });
const updatesRoute = createRoute({ getParentRoute: parent, path: '/updates', component: UpdatesPage });
const updateRoute = createRoute({ getParentRoute: parent, path: '/updates/$id', component: UpdatePage });
const deckViewerRoute = createRoute({ getParentRoute: parent, path: '/d/$token', component: DeckViewerPage });
const settingsRoute = createRoute({ getParentRoute: parent, path: '/settings', component: SettingsPage });
const profileRoute = createRoute({ getParentRoute: parent, path: '/profile', component: SettingsPage });
const pricingRoute = createRoute({ getParentRoute: parent, path: '/pricing', component: PricingPage });
const creditsRoute = createRoute({ getParentRoute: parent, path: '/credits', component: CreditsPage });
const mailboxRoute = createRoute({ getParentRoute: parent, path: '/mailbox', component: MailboxPage });
const localCheckoutRoute = createRoute({
  getParentRoute: parent,
  path: '/checkout/local/$id',
  component: LocalCheckoutPage,
});
const investorsRoute = createRoute({
  getParentRoute: parent,
  path: '/investors',
  component: InvestorsPage,
  validateSearch: validateAngelSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    whenSignedIn(
      context,
      async (qc) =>
        void qc.prefetchQuery(angelInvestorsQueryOptions(filtersFromAngelSearch(deps), deps.page ?? 1, activityGuard)),
    ),
});
const opsRoute = createRoute({ getParentRoute: parent, path: '/ops', component: OpsHomePage });
const opsUsersRoute = createRoute({
  getParentRoute: parent,
  path: '/ops/users',
  component: UsersPage,
  validateSearch: validateUsersSearch,
  loaderDeps: ({ search }) => usersListOf(search),
  loader: ({ context, deps }) =>
    whenSignedIn(context, async (qc) => void qc.prefetchQuery(opsUsersQueryOptions(deps.q, deps.page))),
});
const opsWorkflowsRoute = createRoute({ getParentRoute: parent, path: '/ops/workflows', component: WorkflowsPage });
const opsLedgerRoute = createRoute({ getParentRoute: parent, path: '/ops/ledger', component: LedgerPage });
const opsFormsRoute = createRoute({ getParentRoute: parent, path: '/ops/forms', component: FormsPage });
const opsSystemRoute = createRoute({ getParentRoute: parent, path: '/ops/system', component: SystemPage });
const securityRoute = createRoute({
  getParentRoute: parent,
  path: '/security-dashboard',
  component: SecurityDashboardPage,
});
const authRoute = createRoute({ getParentRoute: parent, path: '/auth', component: AuthScreen });
const resetPasswordRoute = createRoute({
  getParentRoute: parent,
  path: '/reset-password',
  component: ResetPasswordPage,
});
const verifyEmailRoute = createRoute({ getParentRoute: parent, path: '/verify-email', component: VerifyEmailPage });
const unsubscribeRoute = createRoute({ getParentRoute: parent, path: '/unsubscribe', component: UnsubscribePage });
/** Everything else: /sign-* (sign-in form) or the 404 screen. */
const catchAllRoute = createRoute({ getParentRoute: parent, path: '$', component: CatchAll });

const routeTree = rootRoute.addChildren([
  dashboardRoute,
  dashboardAliasRoute,
  vcDatabaseRoute,
  testVcDatabaseRoute,
  submissionsRoute,
  pipelineRoute,
  deckRoute,
  deckViewerRoute,
  updatesRoute,
  updateRoute,
  settingsRoute,
  profileRoute,
  pricingRoute,
  creditsRoute,
  localCheckoutRoute,
  mailboxRoute,
  opsRoute,
  opsUsersRoute,
  opsLedgerRoute,
  opsWorkflowsRoute,
  opsFormsRoute,
  opsSystemRoute,
  investorsRoute,
  securityRoute,
  authRoute,
  resetPasswordRoute,
  verifyEmailRoute,
  unsubscribeRoute,
  catchAllRoute,
]);

export function createAppRouter(queryClient: QueryClient, identity: IdentityStore) {
  return createRouter({
    routeTree,
    context: { queryClient, identity },
    defaultPreload: false,
    // Query data lives in TanStack Query; the router should always call loaders (they are cheap).
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
