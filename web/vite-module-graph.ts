import type { Rolldown } from 'vite';

/*
 * What a module really imports, for cutting the build into files (vite-chunks.ts). The bundler's
 * module graph says that `import { Button } from '@mantine/core'` imports the package's index, and
 * that the index imports all of its 400 modules; followed as is, any page would seem to need the
 * whole of Mantine and of the icon set. Here an import from such an index (a "barrel": a module of
 * only imports and re-exports) is followed to the modules that define the names imported.
 */

/** One `import … from`, `export … from` or bare `import '…'` statement of a module's code. */
interface ImportStatement {
  specifier: string;
  /** Imported (or re-exported) names as the source module calls them; '*' for all of it. */
  names: string[];
}

interface ParsedModule {
  statements: ImportStatement[];
  /** Exported name → [specifier, name there] for names a barrel takes from another module. */
  reexports: Map<string, [string, string]>;
  /** `export * from` specifiers. */
  stars: string[];
  /** Whether the module is nothing but imports and exports. */
  onlyReexports: boolean;
}

const STATEMENT =
  /\b(import|export)\s*(?:(\{[^}]*\}|\*(?:\s*as\s+[\w$]+)?|[\w$]+(?:\s*,\s*(?:\{[^}]*\}|\*\s*as\s+[\w$]+))?)\s*from\s*)?(["'])([^"']+)\3\s*;?/g;
const LOCAL_EXPORT_LIST = /\bexport\s*\{([^}]*)\}\s*;?/g;
const COMMENTS = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;

/** `a, b as c` → [[a, a], [b, c]] (name in the source, name here). */
function specifierPairs(list: string): [string, string][] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [from, as] = part.split(/\s+as\s+/);
      return [from.trim(), (as ?? from).trim()];
    });
}

function parseModule(code: string): ParsedModule {
  const source = code.replace(COMMENTS, '');
  const statements: ImportStatement[] = [];
  const locals = new Map<string, [string, string]>();
  const reexports = new Map<string, [string, string]>();
  const stars: string[] = [];
  for (const [, keyword, clause, , specifier] of source.matchAll(STATEMENT)) {
    const names: string[] = [];
    const trimmed = clause?.trim() ?? '';
    if (trimmed.startsWith('*')) {
      names.push('*');
      const alias = /as\s+([\w$]+)/.exec(trimmed)?.[1];
      if (alias) (keyword === 'import' ? locals : reexports).set(alias, [specifier, '*']);
      else if (keyword === 'export') stars.push(specifier);
    } else if (trimmed) {
      const braces = /\{([^}]*)\}/.exec(trimmed)?.[1];
      const defaultName = /^([\w$]+)/.exec(trimmed)?.[1];
      if (defaultName) {
        names.push('default');
        locals.set(defaultName, [specifier, 'default']);
      }
      const namespace = /\*\s*as\s+([\w$]+)/.exec(trimmed)?.[1];
      if (namespace) {
        names.push('*');
        locals.set(namespace, [specifier, '*']);
      }
      for (const [from, as] of specifierPairs(braces ?? '')) {
        names.push(from);
        (keyword === 'import' ? locals : reexports).set(as, [specifier, from]);
      }
    }
    statements.push({ specifier, names });
  }
  for (const [, list] of source.replace(STATEMENT, '').matchAll(LOCAL_EXPORT_LIST))
    for (const [local, exported] of specifierPairs(list)) {
      const imported = locals.get(local);
      if (imported) reexports.set(exported, imported);
    }
  const rest = source.replace(STATEMENT, '').replace(LOCAL_EXPORT_LIST, '').replace(/[\s;]/g, '');
  return { statements, reexports, stars, onlyReexports: rest === '' };
}

/** Static imports of the module graph, with imports from barrels narrowed to the names used. */
export function createImportResolver(ctx: Rolldown.ChunkingContext): (id: string) => string[] {
  const parsed = new Map<string, ParsedModule | null>();
  const depsCache = new Map<string, string[]>();

  function parse(id: string): ParsedModule | null {
    if (!parsed.has(id)) {
      const code = ctx.getModuleInfo(id)?.code;
      parsed.set(id, code ? parseModule(code) : null);
    }
    return parsed.get(id) ?? null;
  }

  /**
   * specifier → module id, when the statements line up with the bundler's list of imports. Virtual
   * modules a plugin adds later (Vite's preload helper, `\0vite/preload-helper.js`) have no
   * statement in the code yet: they are left out of the pairing.
   */
  function specifierIds(id: string): Map<string, string> | undefined {
    const importedIds = (ctx.getModuleInfo(id)?.importedIds ?? []).filter((dep) => !dep.startsWith('\0'));
    const specifiers = [...new Set(parse(id)?.statements.map((s) => s.specifier))];
    if (specifiers.length !== importedIds.length) return undefined;
    return new Map(specifiers.map((specifier, i) => [specifier, importedIds[i]]));
  }

  function isBarrel(id: string): boolean {
    return id.includes('/node_modules/') && (parse(id)?.onlyReexports ?? false);
  }

  /**
   * The modules that define `name` as exported by barrel `id`, with the barrels between (undefined
   * when it cannot tell).
   */
  function definers(id: string, name: string, depth = 0): string[] | undefined {
    const barrel = parse(id);
    const ids = specifierIds(id);
    if (!barrel || !ids || depth > 8) return undefined;
    const direct = barrel.reexports.get(name);
    const candidates: [string, string][] = direct
      ? [direct]
      : barrel.stars
          .map((specifier): [string, string] => [specifier, name])
          .filter(([specifier]) => ctx.getModuleInfo(ids.get(specifier) ?? '')?.exports.includes(name));
    if (candidates.length !== 1) return undefined;
    const [specifier, imported] = candidates[0];
    const target = ids.get(specifier);
    if (!target) return undefined;
    if (!isBarrel(target)) return [target];
    if (imported === '*') return [target, ...wholeBarrel(target)];
    const further = definers(target, imported, depth + 1);
    return further && [target, ...further];
  }

  /** All a barrel re-exports, as the bundler's graph has it (more than needed, never less). */
  function wholeBarrel(id: string, seen = new Set<string>()): string[] {
    seen.add(id);
    return (ctx.getModuleInfo(id)?.importedIds ?? []).flatMap((dep) =>
      seen.has(dep) ? [] : isBarrel(dep) ? [dep, ...wholeBarrel(dep, seen)] : [dep],
    );
  }

  /** What a barrel imports for its side effects alone (`import './styles.css'`): loaded whatever is used. */
  function sideEffectImports(id: string): string[] {
    const ids = specifierIds(id);
    const statements = parse(id)?.statements ?? [];
    if (!ids) return [];
    return statements.filter((s) => s.names.length === 0).map((s) => ids.get(s.specifier) as string);
  }

  /** What importing `target` for `names` brings in (the modules behind the names, for a barrel). */
  function importsOf(target: string, names: string[]): string[] {
    if (!isBarrel(target)) return [target];
    if (names.includes('*')) return [target, ...wholeBarrel(target)];
    return [
      target,
      ...sideEffectImports(target),
      ...names.flatMap((name) => definers(target, name) ?? wholeBarrel(target)),
    ];
  }

  /**
   * The modules `id` imports statically. A barrel's own list is empty: each module importing from
   * it takes the modules behind the names it uses.
   */
  return function staticImports(id: string): string[] {
    const cached = depsCache.get(id);
    if (cached) return cached;
    const importedIds = ctx.getModuleInfo(id)?.importedIds ?? [];
    let deps: string[];
    if (isBarrel(id)) deps = [];
    else if (!importedIds.some(isBarrel)) deps = importedIds;
    else {
      const ids = specifierIds(id);
      const statements = parse(id)?.statements;
      deps =
        ids && statements
          ? [
              ...importedIds.filter((dep) => dep.startsWith('\0')),
              ...statements.flatMap(({ specifier, names }) => importsOf(ids.get(specifier) as string, names)),
            ]
          : importedIds.flatMap((dep) => importsOf(dep, ['*']));
    }
    depsCache.set(id, [...new Set(deps)]);
    return depsCache.get(id) as string[];
  };
}
