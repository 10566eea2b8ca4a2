import path from 'node:path'
import { type Plugin, parseSync } from 'vite'
import { type Node, walk } from './vite-plugins.ts'

/** A module reached for some of its exports (their names), or for all of them ('*'). */
type Wanted = Set<string> | '*'

interface Statement {
  type: string
  importKind?: string
  exportKind?: string
  source?: { value: string } | null
  exported?: { name?: string; value?: string } | null
  specifiers?: {
    type: string
    importKind?: string
    exportKind?: string
    imported?: { name?: string; value?: string }
    local?: { name?: string; value?: string }
    exported?: { name?: string; value?: string }
  }[]
}

const nameOf = (n: { name?: string; value?: string } | undefined | null) => n?.name ?? n?.value ?? ''

/** What the bundler needs of one module: its static imports, each with the names it takes. */
interface Edges {
  /** import … from / export … from: the source and the names taken from it ('*': all). */
  imports: { source: string; names: Wanted }[]
  /** export { a as b } from 'source' / export * from 'source': which source an exported name comes from. */
  reexports: { source: string; from: string; as: string }[]
  stars: string[]
}

export function edgesOf(id: string, code: string): Edges {
  const edges: Edges = { imports: [], reexports: [], stars: [] }
  const { program, errors } = parseSync(path.basename(id).replace(/\?.*$/, ''), code)
  if (errors.length) return edges
  for (const s of program.body as unknown as Statement[]) {
    const source = s.source?.value
    if (!source) continue
    // Types are gone by the time the bundler reads a module (a source file in a test still has them).
    if (s.importKind === 'type' || s.exportKind === 'type') continue
    if (s.type === 'ImportDeclaration') {
      const specifiers = (s.specifiers ?? []).filter((sp) => sp.importKind !== 'type')
      // import 'x' (for its side effects) or import * as x: the whole module; import { type A } from 'x'
      // (verbatimModuleSyntax) still loads it, for none of its names.
      const names: Wanted =
        !s.specifiers?.length || specifiers.some((sp) => sp.type === 'ImportNamespaceSpecifier')
          ? '*'
          : new Set(
              specifiers.map((sp) =>
                sp.type === 'ImportDefaultSpecifier' ? 'default' : nameOf(sp.imported),
              ),
            )
      edges.imports.push({ source, names })
    } else if (s.type === 'ExportNamedDeclaration') {
      for (const sp of s.specifiers ?? [])
        if (sp.exportKind !== 'type')
          edges.reexports.push({ source, from: nameOf(sp.local), as: nameOf(sp.exported) })
    } else if (s.type === 'ExportAllDeclaration') {
      if (s.exported) edges.reexports.push({ source, from: '*', as: nameOf(s.exported) })
      else edges.stars.push(source)
    }
  }
  return edges
}

/**
 * The pages of a route table shown outside the layout (`shell: 'guest'` or `'bare'`: sign-up, the demo
 * sign-in, the Shoptet activation), as the import paths of their `lazyPage(() => import('…'))`.
 */
export function pagesOutsideLayout(code: string, file = 'route-table.js'): string[] {
  const { program } = parseSync(file, code)
  const importOf = new Map<string, string>()
  const outside: string[] = []
  walk(program as unknown as Node, (node) => {
    if (node.type === 'VariableDeclarator') {
      let source: string | undefined
      walk(node.init as Node, (n) => {
        const literal = n.source as Node & { value?: unknown }
        if (n.type === 'ImportExpression' && typeof literal?.value === 'string') source = literal.value
      })
      const name = (node.id as Node & { name?: string }).name
      if (source && name) importOf.set(name, source)
    }
    if (node.type === 'ObjectExpression') {
      const props = new Map<string, Node>()
      for (const p of node.properties as Node[]) {
        const key = (p.key as Node & { name?: string })?.name
        if (p.type === 'Property' && key) props.set(key, p.value as Node)
      }
      const shell = (props.get('shell') as Node & { value?: unknown })?.value
      const page = (props.get('page') as Node & { name?: string })?.name
      if ((shell === 'guest' || shell === 'bare') && page) outside.push(page)
    }
  })
  return outside.flatMap((page) => importOf.get(page) ?? [])
}

/** The chunk groups of the signed-in pages, each a set of module ids (see signedInChunks). */
export type ChunkGroup = 'guest-shared' | 'signed-in' | 'lists' | 'first-page'

/**
 * The chunks of the signed-in pages, planned from what each page really uses (issue 27: the first load of
 * /orders asked for 79 JavaScript files, most of them a few hundred bytes, each a module the bundler had
 * split out for the one combination of pages that shares it). Once the build has read every module, this
 * walks the static imports of the layout and of each page, following a re-export file (antd's `index.js`,
 * the icons') only to the modules of the names imported from it — the bundler's own graph would take all
 * of antd for one `import { Button } from 'antd'`. Four groups come of it, each one chunk:
 *
 * - `guest-shared`: what the layout or the first page shares with a page shown without the layout (sign-up,
 *   the Shoptet activation: inputs, typography, forms), which such a page loads whole;
 * - `signed-in`: the rest of what the layout brings (the menu, the top bar and their antd parts), which
 *   every signed-in page loads anyway: no byte more for any page;
 * - `lists`: what the first page (the orders list, where staff start and which the first-load budget
 *   measures) shares with at least `minPages` other pages (the table, the select, the filter bar, the
 *   pager), which such a page loads whole though it may use part of it;
 * - `first-page`: the rest of what the first page imports (its hooks and helpers, a few pages share).
 *
 * None takes a module that the start loads lazily before any page (the start language's catalogues and
 * locales): the sign-in page would load the group with it. What is left (the other pages' own modules,
 * those a few of them share) the bundler splits as before. The groups take no dependencies of their own
 * (the bundler's `includeDependenciesRecursively: false`): their modules are exactly these.
 */
export function signedInChunks(options: {
  layout: string
  routeTable: string
  /** Pages shown in the layout that the route table does not name (the not-found page). */
  otherPages: string[]
  firstPage: string
  minPages: number
}): { plugin: Plugin; group: (name: ChunkGroup) => (id: string) => boolean } {
  const groups = new Map<ChunkGroup, Set<string>>()
  const plugin: Plugin = {
    name: 'expedo-signed-in-chunks',
    apply: 'build',
    async buildEnd() {
      groups.clear()
      const ids = [...this.getModuleIds()]
      const find = (file: string) => {
        const id = ids.find((i) => i.endsWith(file))
        if (!id) this.error(`${file} is not in the build`)
        return id
      }
      const parsed = new Map<string, Edges>()
      const edges = (id: string) => {
        let e = parsed.get(id)
        if (!e) {
          const code = this.getModuleInfo(id)?.code
          e = code ? edgesOf(id, code) : { imports: [], reexports: [], stars: [] }
          parsed.set(id, e)
        }
        return e
      }
      const resolved = new Map<string, string | null>()
      const resolve = async (source: string, importer: string) => {
        const key = `${importer}\0${source}`
        if (!resolved.has(key)) {
          const r = await this.resolve(source, importer)
          resolved.set(key, r && !r.external ? r.id : null)
        }
        return resolved.get(key) ?? null
      }
      const target = async (source: string, importer: string, names: Wanted): Promise<[string, Wanted][]> => {
        const id = await resolve(source, importer)
        return id ? [[id, names !== '*' && names.has('*') ? '*' : names]] : []
      }

      /** The modules the roots reach, each for the names it is imported for. */
      const closure = async (...roots: string[]) => {
        const wanted = new Map<string, Wanted>()
        const queue: [string, Wanted][] = roots.map((r) => [r, '*'])
        for (let next = queue.pop(); next; next = queue.pop()) {
          const [id, names] = next
          const had = wanted.get(id)
          if (had === '*') continue
          const fresh = names === '*' ? '*' : new Set([...names].filter((n) => !had?.has(n)))
          if (fresh !== '*' && !fresh.size && had) continue
          wanted.set(id, fresh === '*' ? '*' : new Set([...(had ?? []), ...fresh]))
          const e = edges(id)
          if (!had) {
            // Its own imports run whatever it is imported for: followed the first time only.
            for (const i of e.imports) queue.push(...(await target(i.source, id, i.names)))
            // And what it needs otherwise (a CommonJS module's require calls: dayjs's locales): all of it.
            const sources = [...e.imports, ...e.reexports, ...e.stars.map((source) => ({ source }))]
            const esm = new Set(await Promise.all(sources.map((i) => resolve(i.source, id))))
            for (const other of this.getModuleInfo(id)?.importedIds ?? [])
              if (!esm.has(other)) queue.push([other, '*'])
          }
          for (const r of e.reexports)
            if (fresh === '*' || fresh.has(r.as))
              queue.push(...(await target(r.source, id, new Set([r.from]))))
          for (const star of e.stars) queue.push(...(await target(star, id, fresh)))
        }
        return new Set(wanted.keys())
      }

      const layout = find(options.layout)
      const routeTable = find(options.routeTable)
      const firstPage = find(options.firstPage)
      const outside = (
        await Promise.all(
          pagesOutsideLayout(this.getModuleInfo(routeTable)?.code ?? '').map((s) => resolve(s, routeTable)),
        )
      ).filter((id) => id !== null)
      const routePages = [
        ...(this.getModuleInfo(routeTable)?.dynamicallyImportedIds ?? []),
        ...options.otherPages.map(find),
      ]
      const pages = routePages.filter((p) => !outside.includes(p))
      // What the start loads lazily besides the layout and the pages (the catalogues and locales of a
      // language), and all that imports.
      const shell = await closure(...ids.filter((id) => this.getModuleInfo(id)?.isEntry))
      const lazies = [...shell].flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? [])
      const atStart = await closure(...lazies.filter((id) => id !== layout && !routePages.includes(id)))
      const free = (id: string) => !atStart.has(id) && id !== layout && !routePages.includes(id)

      const withoutLayout = await closure(...outside)
      const inLayout = await closure(layout)
      const first = await closure(firstPage)
      const add = (name: ChunkGroup, id: string) => {
        if (![...groups.values()].some((g) => g.has(id)))
          groups.set(name, (groups.get(name) ?? new Set()).add(id))
      }
      for (const id of [...inLayout, ...first]) if (free(id) && withoutLayout.has(id)) add('guest-shared', id)
      for (const id of inLayout) if (free(id)) add('signed-in', id)
      const uses = new Map<string, number>()
      for (const page of pages)
        for (const id of await closure(page))
          if (first.has(id) && free(id)) uses.set(id, (uses.get(id) ?? 0) + 1)
      // The first page is among the users: shared with at least minPages others.
      for (const [id, n] of uses) if (n >= options.minPages + 1) add('lists', id)
      for (const id of first) if (free(id)) add('first-page', id)
    },
  }
  return { plugin, group: (name) => (id) => groups.get(name)?.has(id) ?? false }
}
