/** Path templates of endpoints.ts → matchers. */

export interface Route<Id extends string> {
  id: Id;
  method: string;
  template: string;
  regex: RegExp;
  names: string[];
  literalSegments: number;
}

export function compileRoute<Id extends string>(
  id: Id,
  method: string,
  template: string,
  fixed: Record<string, string>,
): Route<Id> {
  const names: string[] = [];
  let filled = template;
  for (const [name, value] of Object.entries(fixed)) filled = filled.split(`{${name}}`).join(value);
  const pattern = filled
    .split('/')
    .map((segment) =>
      segment.replace(/\{([^}]+)\}|([^{]+)/g, (_m, name: string | undefined, literal: string | undefined) => {
        if (name) {
          names.push(name);
          return '([^/]+)';
        }
        return (literal ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      }),
    )
    .join('/');
  const literalSegments = filled.split('/').filter((s) => s && !s.includes('{')).length;
  return {
    id,
    method: method.toUpperCase(),
    template: filled,
    regex: new RegExp(`^${pattern}/?$`),
    names,
    literalSegments,
  };
}

export type Match<Id extends string> =
  { route: Route<Id>; params: Record<string, string> } | { methodMismatch: string } | undefined;

export function matchRoute<Id extends string>(routes: Route<Id>[], method: string, path: string): Match<Id> {
  const allowed: string[] = [];
  for (const route of routes) {
    const m = route.regex.exec(path);
    if (!m) continue;
    if (route.method !== method && !(route.method === 'GET' && method === 'HEAD')) {
      allowed.push(route.method);
      continue;
    }
    const params: Record<string, string> = {};
    route.names.forEach((name, i) => {
      const value = m[i + 1]!; // one group per name, and `([^/]+)` always captures
      try {
        params[name] = decodeURIComponent(value);
      } catch {
        params[name] = value;
      }
    });
    return { route, params };
  }
  return allowed.length ? { methodMismatch: [...new Set(allowed)].join(', ') } : undefined;
}

/** More literal segments first, so `/flights/{gufi}/delay` is tried before looser templates. */
export function sortRoutes<Id extends string>(routes: Route<Id>[]): Route<Id>[] {
  return [...routes].sort((a, b) => b.literalSegments - a.literalSegments || b.template.length - a.template.length);
}
