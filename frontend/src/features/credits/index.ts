// What other features and the app shell use of credits. Pages loaded by routes.ts stay out (they are lazy chunks).
export { CreditBadge } from './CreditBadge';
export { creditBalanceQueryOptions, creditKeys } from './queries';
export { SpendingSettings } from './SpendingSettings';
export { useSpendConfirmation } from './SpendConfirm';
