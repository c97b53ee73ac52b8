/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base address for API paths that do not start with /api. Empty means same origin. */
  readonly VITE_API_BASE?: string;
}
