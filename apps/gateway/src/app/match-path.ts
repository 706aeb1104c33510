/**
 * A small path matcher for the route table. Patterns are written the way the product lists its
 * routes, always with the trailing slash:
 *   - literal segments: '/o-nas/'
 *   - `:name` for one segment: '/kursy-walut-w-bankach/:name/'
 *   - a parameter after a literal prefix inside a segment: '/blog/page-:n/'
 *   - a constraint in parentheses, tested against the decoded value: '/kalendarz-:year(\d{4})/'
 *     (a segment that breaks the constraint does not match, so a later route may take the path)
 *   - `:name+` (last only) for one or more segments: '/:path+/'
 */
export type RawParams = Record<string, string>;

export interface CompiledPattern {
  pattern: string;
  match(pathname: string): RawParams | null;
}

type Segment =
  | { kind: 'literal'; value: string }
  | { kind: 'param'; name: string; prefix: string; constraint: RegExp | null }
  | { kind: 'rest'; name: string };

const PARAM_SEGMENT = /^([^:]*):([^(+]*)(\+)?(?:\((.+)\))?$/;

function parseSegment(part: string, index: number, all: string[], pattern: string): Segment {
  const found = PARAM_SEGMENT.exec(part);
  if (!found) return { kind: 'literal', value: part };
  const [, prefix = '', name = '', rest, constraint] = found;
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(name))
    throw new Error(`Bad parameter "${part}" in route pattern "${pattern}"`);
  if (rest) {
    if (index !== all.length - 1) throw new Error(`"${part}" must be the last segment of "${pattern}"`);
    if (prefix !== '' || constraint !== undefined)
      throw new Error(`"${part}" in "${pattern}" cannot have a prefix or a constraint`);
    return { kind: 'rest', name };
  }
  let compiled: RegExp | null = null;
  if (constraint !== undefined) {
    try {
      compiled = new RegExp(`^(?:${constraint})$`);
    } catch (error) {
      throw new Error(`Bad constraint "${constraint}" in route pattern "${pattern}"`, { cause: error });
    }
  }
  return { kind: 'param', name, prefix, constraint: compiled };
}

export function compilePattern(pattern: string): CompiledPattern {
  if (!pattern.startsWith('/') || !pattern.endsWith('/')) {
    throw new Error(`Route pattern "${pattern}" must start and end with "/"`);
  }
  const segments: Segment[] = splitSegments(pattern).map((part, index, all) =>
    parseSegment(part, index, all, pattern),
  );

  return {
    pattern,
    match(pathname) {
      if (!pathname.endsWith('/')) return null;
      const parts = splitSegments(pathname);
      const params: RawParams = {};
      for (let i = 0; i < segments.length; i += 1) {
        const segment = segments[i]!;
        if (segment.kind === 'rest') {
          const rest = parts.slice(i);
          if (rest.length === 0 || rest.includes('')) return null;
          const decoded = rest.map(decodeSegment);
          if (decoded.includes(null)) return null;
          params[segment.name] = decoded.join('/');
          return params;
        }
        const part = parts[i];
        if (part === undefined || part === '') return null;
        if (segment.kind === 'literal') {
          if (part !== segment.value) return null;
          continue;
        }
        if (!part.startsWith(segment.prefix) || part.length === segment.prefix.length) return null;
        const decoded = decodeSegment(part.slice(segment.prefix.length));
        if (decoded === null || (segment.constraint && !segment.constraint.test(decoded))) return null;
        params[segment.name] = decoded;
      }
      return parts.length === segments.length ? params : null;
    },
  };
}

/** '/a/b/' → ['a', 'b']; an empty segment ('/a//b/') is kept so it never matches anything. */
function splitSegments(path: string): string[] {
  return path === '/' ? [] : path.slice(1, -1).split('/');
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
