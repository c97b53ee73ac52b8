import { z } from 'zod';
import { API_ROUTES, type RouteParams } from './routes';

/** The longest `:name` a path may carry: ids, tokens and kinds are far shorter; anything longer is not ours. */
export const MAX_PATH_PARAM_LENGTH = 200;

type RouteKey = keyof typeof API_ROUTES;
/** The parsed `:name` parameters of a route: each a string (what a handler narrows further is its own rule). */
export type PathParams<K extends RouteKey> = Record<RouteParams<(typeof API_ROUTES)[K]>, string>;

const pathParam = (name: string) => {
  const message = `The path's ${name} must be 1 to ${MAX_PATH_PARAM_LENGTH} characters`;
  return z.string({ error: message }).min(1, message).max(MAX_PATH_PARAM_LENGTH, message);
};

const schemas = new Map<RouteKey, z.ZodType<Record<string, string>>>();

/**
 * The zod schema of a route's `:name` parameters, built from its `API_ROUTES` path (so a renamed or
 * added parameter needs no second edit): exactly the path's names, each a non-empty string of at most
 * MAX_PATH_PARAM_LENGTH characters. `typedRoute` parses every contract route's parameters with it;
 * a route registered by hand (a download) parses with `parse(pathParams('opsAuditCsv'), req.params)`.
 */
export function pathParams<K extends RouteKey>(key: K): z.ZodType<PathParams<K>> {
  let schema = schemas.get(key);
  if (!schema) {
    const names = [...API_ROUTES[key].matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
    schema = z.strictObject(Object.fromEntries(names.map((name) => [name, pathParam(name)])));
    schemas.set(key, schema);
  }
  return schema as z.ZodType<PathParams<K>>;
}
