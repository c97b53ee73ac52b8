// What other features and the app shell use of ops. Pages loaded by routes.ts stay out (they are lazy chunks).
export { useOpsAccess } from './queries';
