import { API_ROUTES, type ApiResponse, type ContractMethod, type ContractRoute, type RouteParams } from '@fp/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';

type Params<K extends ContractRoute> = Record<RouteParams<(typeof API_ROUTES)[K]>, string>;
/** The reply of a contract route: `reply.send(x)` takes only the route's answer. */
type TypedReply<K extends ContractRoute, M extends ContractMethod<K>> = FastifyReply<{
  Params: Params<K>;
  Reply: ApiResponse<K, M>;
}>;

/**
 * A handler of a route declared in `ApiContract`: what it returns (or sends) must be the route's
 * `response`, so changing the answer in contracts fails here as it fails in the screens. The path's
 * `:params` are strings (Fastify matched them); body and query stay unknown until parsed with zod
 * (`parse(schema, req.body)`). A literal written in the handler is
 * widened while the route's key is still being inferred: `{ success: true as const }`.
 */
export type TypedHandler<K extends ContractRoute, M extends ContractMethod<K>> = (
  req: FastifyRequest<{ Params: Params<K> }>,
  reply: TypedReply<K, M>,
) => Promise<ApiResponse<K, M> | TypedReply<K, M>>;

/**
 * Registers `method` on `API_ROUTES[key]`, like `app.get(API_ROUTES[key], options, handler)`
 * (route options such as the rate-limit class pass through), with the answer checked against the contract:
 *   typedRoute(app, 'pipelineEntry', 'PATCH', async (req) => svc.update(...));
 */
export function typedRoute<K extends ContractRoute, M extends ContractMethod<K>>(
  app: FastifyInstance,
  key: K,
  method: M,
  handler: TypedHandler<NoInfer<K>, NoInfer<M>>,
): void;
export function typedRoute<K extends ContractRoute, M extends ContractMethod<K>>(
  app: FastifyInstance,
  key: K,
  method: M,
  options: RouteShorthandOptions,
  handler: TypedHandler<NoInfer<K>, NoInfer<M>>,
): void;
export function typedRoute<K extends ContractRoute, M extends ContractMethod<K>>(
  app: FastifyInstance,
  key: K,
  method: M,
  ...args: [TypedHandler<K, M>] | [RouteShorthandOptions, TypedHandler<K, M>]
): void {
  const [options, handler] = args.length === 1 ? [{}, args[0]] : args;
  app.route({
    ...options,
    method,
    url: API_ROUTES[key],
    // The overloads above are the check; Fastify's own handler type cannot name the contract's answer.
    handler: handler as unknown as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
