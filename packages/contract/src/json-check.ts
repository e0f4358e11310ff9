/**
 * Checks a parsed JSON value before anything else reads it: how deep it nests, and whether a
 * string (value or key) holds a NUL or a lone surrogate. PostgreSQL refuses both in text and jsonb,
 * so without this check such a body passes validation and fails in the database (a 500), and a
 * body nested thousands deep overflows the stack of any recursive walk. The walk here keeps its
 * own stack, so it is safe at any depth, and stops at the first problem.
 */

/** Far deeper than any body of the API (matching rules nest 6 levels); JSON.parse allows any depth. */
export const MAX_JSON_DEPTH = 64;

type JsonProblem =
  | { kind: 'too_deep'; path: string }
  | { kind: 'nul'; path: string }
  | { kind: 'lone_surrogate'; path: string };

interface JsonCheckOptions {
  maxDepth?: number;
  /** A key of the top-level object whose value is not walked (a batch checked item by item). */
  skipKey?: string;
  /** Renames keys in the reported path (e.g. camelCase code objects reported in wire names). */
  keyName?: (key: string) => string;
}

/** A path as the API names fields: `keyword_groups[0][3]`, `author.name`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  // A key can be any length; the message names the field, it need not repeat a megabyte.
  return out.length > 200 ? `${out.slice(0, 200)}…` : out;
}

// The ES2024 check where the runtime has it (Node 20 does); the same rule as a regex otherwise.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isWellFormed: (s: string) => boolean =
  typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed === 'function'
    ? (s) => (s as unknown as { isWellFormed(): boolean }).isWellFormed()
    : (s) => !LONE_SURROGATE.test(s);

/** Why a string cannot be stored, or null when it can. */
function stringProblem(s: string): 'nul' | 'lone_surrogate' | null {
  if (s.includes('\u0000')) return 'nul';
  if (!isWellFormed(s)) return 'lone_surrogate';
  return null;
}

interface PathNode {
  parent: PathNode | null;
  seg: PropertyKey;
}
function pathOf(node: PathNode | null): PropertyKey[] {
  const out: PropertyKey[] = [];
  for (let n = node; n; n = n.parent) out.push(n.seg);
  return out.reverse();
}

/** The first problem found in `value`, or null. Containers are plain objects and arrays. */
export function checkJson(value: unknown, options: JsonCheckOptions = {}): JsonProblem | null {
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  const name = options.keyName ?? ((k: string) => k);
  const stack: { value: unknown; depth: number; path: PathNode | null }[] = [{ value, depth: 0, path: null }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    const v = item.value;
    if (typeof v === 'string') {
      const problem = stringProblem(v);
      if (problem) return { kind: problem, path: formatPath(pathOf(item.path)) };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    const depth = item.depth + 1;
    if (depth > maxDepth) return { kind: 'too_deep', path: formatPath(pathOf(item.path)) };
    if (Array.isArray(v)) {
      // Pushed last to first, so the first problem in document order is the one reported.
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], depth, path: { parent: item.path, seg: i } });
      continue;
    }
    const keys = Object.keys(v);
    for (const key of keys) {
      // A bad key is reported at its object: the key itself cannot be shown.
      const keyProblem = stringProblem(key);
      if (keyProblem) return { kind: keyProblem, path: formatPath(pathOf(item.path)) };
    }
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      if (depth === 1 && key === options.skipKey) continue;
      stack.push({ value: (v as Record<string, unknown>)[key], depth, path: { parent: item.path, seg: name(key) } });
    }
  }
  return null;
}
