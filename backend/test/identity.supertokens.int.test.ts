import { describe, it } from 'vitest';
import { SuperTokensProvider } from '../src/platform/identity/supertokens';
import { identityContract } from './identity.contract';

const url = process.env.SUPERTOKENS_URL;
if (!url) {
  console.log(
    '[skip] SuperTokens identity contract: SUPERTOKENS_URL is not set (e.g. http://localhost:3567 from docker-compose).',
  );
  describe.skip('identity contract: supertokens (SUPERTOKENS_URL unset)', () => it('needs SUPERTOKENS_URL', () => {}));
} else {
  const idp = new SuperTokensProvider({
    connectionURI: url,
    apiKey: process.env.SUPERTOKENS_API_KEY,
    apiDomain: 'http://localhost:3000',
    websiteDomain: 'http://localhost:3000',
  });
  identityContract('supertokens', async () => idp);
}
