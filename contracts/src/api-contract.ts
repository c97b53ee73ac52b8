import type { API_ROUTES, HttpMethod, RouteParams } from './common/routes';
import type { CreditsApi } from './credits/api';
import type { AccountsApi } from './accounts/api';
import type { CatalogApi } from './catalog/api';
import type { DeckLinksApi } from './deck-links/api';
import type { MailApi } from './mail/api';
import type { OnboardingApi } from './onboarding/api';
import type { OpsApi } from './ops/api';
import type { ProfileApi } from './profile/api';
import type { SecurityApi } from './security/api';
import type { SubmissionsApi } from './submissions/api';
import type { InvestorUpdatesApi } from './investor-updates/api';
import type { PipelineApi } from './pipeline/api';
import type { SavedSearchesApi } from './saved-searches/api';

/**
 * What every route takes and answers, declared once: each module declares its routes beside its
 * request schemas (`PipelineApi` in pipeline/api.ts) and they are merged here. The backend registers
 * a route with `typedRoute` (its handler's answer is checked against `response`) and the screens call
 * it with `api(key, method, input)` (the answer's type comes from here), so a response changed here
 * fails to typecheck wherever a handler or a screen disagrees. Bodies and queries are the request
 * schemas' input types (`z.input`: what the client sends; the server still parses them with zod).
 */
interface ApiContract
  extends
    Checked<PipelineApi>,
    Checked<CreditsApi>,
    Checked<SavedSearchesApi>,
    Checked<InvestorUpdatesApi>,
    Checked<AccountsApi>,
    Checked<CatalogApi>,
    Checked<DeckLinksApi>,
    Checked<MailApi>,
    Checked<OnboardingApi>,
    Checked<OpsApi>,
    Checked<ProfileApi>,
    Checked<SecurityApi>,
    Checked<SubmissionsApi> {}

type RouteKey = keyof typeof API_ROUTES;

/** One method of one route. A union of specs declares a route that answers by the body it is given. */
interface RouteSpec {
  query?: unknown;
  body?: unknown;
  response: unknown;
}

type ContractShape = { [K in RouteKey]?: { [M in HttpMethod]?: RouteSpec } };
/** A module's part of the contract: only `API_ROUTES` keys, only HTTP methods, each a `RouteSpec`. */
type Checked<T extends ContractShape & Record<Exclude<keyof T, RouteKey>, never>> = T;

export type ContractRoute = keyof ApiContract;
export type ContractMethod<K extends ContractRoute> = keyof ApiContract[K] & HttpMethod;
type ContractSpec<K extends ContractRoute, M extends ContractMethod<K>> = ApiContract[K][M] & RouteSpec;

/** What the route answers (every variant's answer, when the spec is a union). */
export type ApiResponse<K extends ContractRoute, M extends ContractMethod<K>> = ContractSpec<K, M>['response'];

/** The `:name` parameters of a route, as the values a client fills them with. */
type ApiParams<K extends RouteKey> = Record<RouteParams<(typeof API_ROUTES)[K]>, string | number>;

type ParamsPart<K extends RouteKey> = [RouteParams<(typeof API_ROUTES)[K]>] extends [never]
  ? { params?: never }
  : { params: ApiParams<K> };
type QueryPart<S> = S extends { query: infer Q } ? ({} extends Q ? { query?: Q } : { query: Q }) : { query?: never };
type BodyPart<S> = S extends { body: infer B } ? { body: B } : { body?: never };

/** What a client gives for one variant of a route: its parameters, query and body. */
type InputOfSpec<K extends RouteKey, S> = ParamsPart<K> & QueryPart<S> & BodyPart<S>;

/** What a client gives to call a route (a union over the spec's variants). */
export type ApiInput<K extends ContractRoute, M extends ContractMethod<K>> =
  ContractSpec<K, M> extends infer S ? (S extends RouteSpec ? InputOfSpec<K, S> : never) : never;

/** The answer to one given input: the answer of the variant whose input it is. */
export type ApiResponseFor<K extends ContractRoute, M extends ContractMethod<K>, I> =
  ContractSpec<K, M> extends infer S
    ? S extends RouteSpec
      ? I extends InputOfSpec<K, S>
        ? S['response']
        : never
      : never
    : never;
