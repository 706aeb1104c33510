/**
 * A small path matcher for the route table. Patterns are written the way the product lists its
 * routes: literal segments, `:name` for one segment and `:name+` (last only) for one or more
 * segments, always with the trailing slash, e.g. '/', '/o-nas/', '/kursy-walut-w-bankach/:name/'.
 */
export type RawParams = Record<string, string>;

export interface CompiledPattern {
  pattern: string;
  match(pathname: string): RawParams | null;
}

type Segment = { kind: 'literal'; value: string } | { kind: 'param'; name: string } | { kind: 'rest'; name: string };

export function compilePattern(pattern: string): CompiledPattern {
  if (!pattern.startsWith('/') || !pattern.endsWith('/')) {
    throw new Error(`Route pattern "${pattern}" must start and end with "/"`);
  }
  const segments: Segment[] = splitSegments(pattern).map((part, index, all) => {
    if (part.startsWith(':')) {
      const rest = part.endsWith('+');
      const name = part.slice(1, rest ? -1 : undefined);
      if (!/^[A-Za-z][A-Za-z0-9]*$/.test(name)) throw new Error(`Bad parameter "${part}" in route pattern "${pattern}"`);
      if (rest && index !== all.length - 1) throw new Error(`"${part}" must be the last segment of "${pattern}"`);
      return rest ? { kind: 'rest', name } : { kind: 'param', name };
    }
    return { kind: 'literal', value: part };
  });

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
        } else {
          const decoded = decodeSegment(part);
          if (decoded === null) return null;
          params[segment.name] = decoded;
        }
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
