/**
 * Every API path, once: the backend registers its routes with these patterns (Fastify's `:param`
 * syntax) and the frontend builds its URLs from them with `apiPath`, so renaming a route is one edit
 * here and the typechecker finds every caller. A route's rate-limit class is `ROUTE_LIMITS` below.
 */
export const API_ROUTES = {
  // accounts
  syncUser: '/api/auth/sync-user',
  me: '/api/auth/me',
  passwordResetRequest: '/api/account/password-reset/request',
  passwordReset: '/api/account/password-reset',
  verifyEmail: '/api/account/verify-email',
  verificationEmail: '/api/account/verification-email',

  // catalog
  vcFirms: '/api/vc-firms',
  vcFilterOptions: '/api/vc-filter-options',
  vcFirmIds: '/api/vc-firms/all-ids',
  testVcFirms: '/api/test-vc-firms',
  testFilterOptions: '/api/test-filter-options',
  testVcFirmIds: '/api/test-vc-firms/all-ids',
  catalogSources: '/api/catalog/sources',
  opsForms: '/api/ops/forms',
  opsFormsDiscover: '/api/ops/forms/discover',
  investors: '/api/investors',
  investorFilterOptions: '/api/investors/filter-options',
  investorIds: '/api/investors/all-ids',
  investor: '/api/investors/:id',
  exportAngelInvestors: '/api/export-angel-investors',

  // credits and payments
  creditsBalance: '/api/credits/balance',
  credits: '/api/credits',
  creditsHistory: '/api/credits/history',
  creditsBalanceHistory: '/api/credits/balance-history',
  plans: '/api/plans',
  checkout: '/api/checkout',
  purchases: '/api/purchases',
  purchaseReceipt: '/api/purchases/:id/receipt',
  localCheckout: '/api/local-checkout/:id',
  localCheckoutPay: '/api/local-checkout/:id/pay',
  paymentsWebhook: '/api/webhooks/payments',

  // deck links and the public deck viewer
  deckLinks: '/api/deck-links',
  deckLink: '/api/deck-links/:id',
  deckLinkAnalytics: '/api/deck-links/:id/analytics',
  deckAnalytics: '/api/deck-analytics',
  deckNotifications: '/api/deck-notifications',
  deckNotificationsSeen: '/api/deck-notifications/seen',
  deckNotificationSettings: '/api/deck-notifications/settings',
  deckViewer: '/api/d/:token',
  deckViewerVisits: '/api/d/:token/visits',
  deckViewerCodes: '/api/d/:token/codes',
  deckViewerVisitPages: '/api/d/:token/visits/:visitId/pages',
  deckViewerVisitFile: '/api/d/:token/visits/:visitId/file',
  deckViewerVisitDownload: '/api/d/:token/visits/:visitId/download',
  deckViewerVisitCover: '/api/d/:token/visits/:visitId/cover',
  deckRooms: '/api/deck-rooms',
  deckRoom: '/api/deck-rooms/:id',
  deckRoomDocuments: '/api/deck-rooms/:id/documents',
  deckRoomDocument: '/api/deck-rooms/:id/documents/:documentId',
  deckRoomLinks: '/api/deck-rooms/:id/links',
  deckRoomAnalytics: '/api/deck-rooms/:id/analytics',
  deckViewerRoom: '/api/d/:token/room',
  deckViewerRoomVisits: '/api/d/:token/room/:entryId/documents/:documentId/visits',

  // first run
  firstRun: '/api/first-run',
  firstRunDismiss: '/api/first-run/dismiss',

  // health and system
  health: '/api/health',
  ready: '/api/ready',
  config: '/api/config',
  opsSystem: '/api/ops/system',

  // investor updates
  investorUpdates: '/api/investor-updates',
  investorUpdate: '/api/investor-updates/:id',
  investorUpdatePreview: '/api/investor-updates/:id/preview',
  investorUpdateSend: '/api/investor-updates/:id/send',

  // mail
  mailbox: '/api/mailbox',
  mailboxMessage: '/api/mailbox/:id',
  unsubscribe: '/api/mail/unsubscribe',

  // ops
  opsSummary: '/api/ops/summary',
  opsUsers: '/api/ops/users',
  opsUserCredits: '/api/ops/users/:id/credits',
  opsUserRoles: '/api/ops/users/:id/roles',
  opsUserRole: '/api/ops/users/:id/roles/:role',
  opsUserDisable: '/api/ops/users/:id/disable',
  opsUserEnable: '/api/ops/users/:id/enable',
  opsWorkflows: '/api/ops/workflows',
  opsWorkflow: '/api/ops/workflows/:id',
  opsWorkflowStop: '/api/ops/workflows/:id/stop',
  opsWorkflowRetry: '/api/ops/workflows/:id/retry',
  opsLedger: '/api/ops/ledger',
  opsAudits: '/api/ops/audits',
  opsAudit: '/api/ops/audits/:id',
  opsAuditCsv: '/api/ops/audits/:id/csv',
  opsRefunds: '/api/ops/refunds',
  opsRefundRetry: '/api/ops/refunds/retry',

  // pipeline
  pipeline: '/api/pipeline',
  pipelineExport: '/api/pipeline/export',
  pipelineEntry: '/api/pipeline/:id',
  pipelineEntryHistory: '/api/pipeline/:id/history',

  // profile, pitch deck, other documents, saved answers, standing choices
  startupProfile: '/api/startup-profile',
  profileCompletion: '/api/profile-completion',
  pitchDeck: '/api/pitch-deck',
  pitchDeckFile: '/api/pitch-deck/file',
  documents: '/api/documents',
  document: '/api/documents/:kind',
  documentFile: '/api/documents/:kind/file',
  answers: '/api/answers',
  answer: '/api/answers/:id',
  standingChoices: '/api/settings/choices',

  // saved searches
  savedSearches: '/api/saved-searches',
  savedSearch: '/api/saved-searches/:id',
  savedSearchOpen: '/api/saved-searches/:id/open',

  // security
  securityStatus: '/api/security/status',
  securityDebug: '/api/security/debug',
  securityBlockedIps: '/api/security/blocked-ips',
  securityViolationsPerHour: '/api/security/violations-per-hour',
  securityUnblockIp: '/api/security/unblock-ip',

  // submissions
  submitToSelectedVcs: '/api/submit-to-selected-vcs',
  submitToTestVcs: '/api/submit-to-test-vcs',
  submitPlan: '/api/submit-plan',
  submissions: '/api/submissions',
  submissionStats: '/api/submission-stats',
  submissionActivity: '/api/submission-activity',
  submissionReview: '/api/submissions/review',
  submission: '/api/submissions/:id',
  submissionProof: '/api/submissions/:id/proof',
  submissionStop: '/api/submissions/:id/stop',
  submissionRetry: '/api/submissions/:id/retry',
  submissionQuestions: '/api/submissions/:id/questions',
  submissionAnswers: '/api/submissions/:id/answers',
  submissionFetchLiveUrl: '/api/submissions/:id/fetch-live-url',
} as const;

export type ApiRoute = (typeof API_ROUTES)[keyof typeof API_ROUTES];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Which calls count against which rate limit:
 *   list – catalog list and search calls (50 per minute by default)
 *   bulk – selection-sized calls: all-ids, submits, exports, reviews
 * Every other /api call counts only against the general per-IP limit.
 */
export type LimitClass = 'list' | 'bulk';

/**
 * The rate-limit class of each limited route and method, beside the routes: the backend registers a
 * route with its class from here (`typedRoute`), so renaming a path cannot lose its class, and
 * `route-limits.int` checks that what Fastify registered is this table.
 */
export const ROUTE_LIMITS = {
  vcFirms: { GET: 'list' },
  investors: { GET: 'list' },
  vcFirmIds: { GET: 'bulk' },
  investorIds: { GET: 'bulk' },
  testVcFirmIds: { GET: 'bulk' },
  exportAngelInvestors: { POST: 'bulk' },
  submitToSelectedVcs: { POST: 'bulk' },
  submitToTestVcs: { POST: 'bulk' },
  // A preview reads as much as a submit (the firms, a DNS look-up each): counted as one.
  submitPlan: { POST: 'bulk' },
  // A review drives a browser for up to a minute and a half.
  submissionReview: { POST: 'bulk' },
} as const satisfies RouteLimits;

type RouteLimits = { [K in keyof typeof API_ROUTES]?: { [M in HttpMethod]?: LimitClass } };

/** The class of one route's method, or undefined: only the general per-IP limit. */
export const routeLimit = (key: keyof typeof API_ROUTES, method: HttpMethod): LimitClass | undefined =>
  (ROUTE_LIMITS as RouteLimits)[key]?.[method];

/** Where the identity provider (better-auth or SuperTokens) mounts its own routes: a prefix, not one route. */
export const IDENTITY_BASE_PATH = '/api/identity';

/** The `:name` parameters of a route pattern, as a union of their names. */
export type RouteParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | RouteParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * The URL of a route with its parameters filled in (each encoded): `apiPath(API_ROUTES.submission, { id })`.
 * The parameter names are checked against the pattern, so a renamed parameter fails to typecheck.
 */
export function apiPath<P extends ApiRoute>(
  pattern: P,
  ...[params]: RouteParams<P> extends never ? [] : [Record<RouteParams<P>, string | number>]
): string {
  if (!params) return pattern;
  const values = params as Record<string, string | number>;
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`apiPath: ${pattern} needs the parameter "${name}"`);
    return encodeURIComponent(String(value));
  });
}
