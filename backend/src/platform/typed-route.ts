import {
  API_ROUTES,
  pathParams,
  routeLimit,
  type ApiResponse,
  type ContractMethod,
  type ContractRoute,
  type PathParams,
} from '@fp/contracts';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteShorthandOptions,
} from 'fastify';
import { parse } from './http';

/** The reply of a contract route: `reply.send(x)` takes only the route's answer. */
type TypedReply<K extends ContractRoute, M extends ContractMethod<K>> = FastifyReply<{
  Params: PathParams<K>;
  Reply: ApiResponse<K, M>;
}>;

/**
 * A handler of a route declared in `ApiContract`: what it returns (or sends) must be the route's
 * `response`, so changing the answer in contracts fails here as it fails in the screens. The path's
 * `:params` are already parsed (`pathParams`); body and query stay unknown until parsed with zod
 * (`parse(schema, req.body)`). A literal written in the handler is
 * widened while the route's key is still being inferred: `{ success: true as const }`.
 */
export type TypedHandler<K extends ContractRoute, M extends ContractMethod<K>> = (
  req: FastifyRequest<{ Params: PathParams<K> }>,
  reply: TypedReply<K, M>,
) => Promise<ApiResponse<K, M> | TypedReply<K, M>>;

/** Route options a handler may add (an upload's body limit and 413 message); the rate-limit class comes from `ROUTE_LIMITS`. */
type TypedRouteOptions = Omit<RouteShorthandOptions, 'config'> & { config?: Omit<FastifyContextConfig, 'limit'> };

/**
 * Registers `method` on `API_ROUTES[key]` with the answer checked against the contract, the path's
 * parameters parsed (a bad one is a 400 `{ error }` before the handler runs) and the route's
 * rate-limit class taken from `ROUTE_LIMITS`:
 *   typedRoute(app, 'pipelineEntry', 'PATCH', async (req) => svc.update(req.params.id, ...));
 */
export function typedRoute<K extends ContractRoute, M extends ContractMethod<K>>(
  app: FastifyInstance,
  key: K,
  method: M,
  handler: TypedHandler<NoInfer<K>, NoInfer<M>>,
  options: TypedRouteOptions = {},
): void {
  const params = pathParams(key);
  const limit = routeLimit(key, method);
  // The signature above is the check; Fastify's own handler type cannot name the contract's answer.
  const typed = handler as unknown as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  app.route({
    ...options,
    config: { ...options.config, ...(limit && { limit }) },
    method,
    url: API_ROUTES[key],
    handler: async (req, reply) => {
      req.params = parse(params, req.params);
      return typed(req, reply);
    },
  });
}
