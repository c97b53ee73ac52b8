/** Wraps the given methods of an adapter, passing everything else through to it unchanged. */
export function wrapMethods<T extends object>(
  target: T,
  wrap: Partial<Record<keyof T, (fn: (...args: any[]) => any, name: string) => (...args: any[]) => any>>,
): T {
  const cache = new Map<PropertyKey, unknown>();
  return new Proxy(target, {
    get(t, prop) {
      const value = Reflect.get(t, prop, t);
      if (typeof value !== 'function') return value;
      if (!cache.has(prop)) {
        const bound = value.bind(t);
        const w = wrap[prop as keyof T];
        cache.set(prop, w ? w(bound, String(prop)) : bound);
      }
      return cache.get(prop);
    },
  });
}
