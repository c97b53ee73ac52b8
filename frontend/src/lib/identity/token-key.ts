/** Where the better-auth bearer session token lives between visits (read by the deck viewer too). */
export const BETTER_AUTH_TOKEN_KEY = 'fundflow-auth-token';
