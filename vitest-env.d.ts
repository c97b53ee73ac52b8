// Values the test run's globalSetup (infra/test/global-setup.ts) provides to every test file.
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}
