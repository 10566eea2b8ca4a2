import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { minifySync, type Plugin, parseSync } from 'vite'

/**
 * What the web reads of an endpoint at run time is its method and path (lib/api-client, lib/download-export):
 * the rest is the server's — its schemas, texts, permission and answer status (the menu reads the routes'
 * access, not the endpoints').
 */
const serverOnlyKeys = new Set([
  'params',
  'query',
  'body',
  'response',
  'summary',
  'tags',
  'access',
  'status',
  'idempotent',
  'changes',
])

/** A node of the parser's tree (oxc, ESTree-shaped). */
export interface Node {
  type: string
  start: number
  end: number
  [key: string]: unknown
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'

/** Calls `visit` on a node and every node under it. */
export function walk(node: Node, visit: (node: Node) => void) {
  visit(node)
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) walk(item, visit)
    } else if (isNode(value)) {
      walk(value, visit)
    }
  }
}

/**
 * The web's copy of the API contract (packages/domain `*.endpoints.ts`) without its zod schemas.
 *
 * The web calls an endpoint by reference (`call(endpoints.orders.list, …)`) and reads only its method and
 * path; the schemas (params, query, body, response) type the call at compile time and validate on the
 * server. Left in, they pull every area's schemas and zod itself (about 45 KB gzip) into every page that
 * makes a call. This drops those properties from each `defineEndpoint({ … })` in the build, so the
 * schema modules, and zod, are only bundled where the web really runs a schema.
 */
export function endpointsWithoutSchemas(): Plugin {
  return {
    name: 'expedo-endpoints-without-schemas',
    apply: 'build',
    transform: {
      filter: { id: /packages\/domain\/src\/.*\.endpoints\.ts$/ },
      handler(code, id) {
        const { program, errors } = parseSync(path.basename(id), code)
        if (errors.length) return null
        const cuts: [number, number][] = []
        walk(program as unknown as Node, (node) => {
          if (node.type !== 'CallExpression') return
          const callee = node.callee as Node & { name?: string }
          const [arg] = node.arguments as Node[]
          if (
            callee.type !== 'Identifier' ||
            callee.name !== 'defineEndpoint' ||
            arg?.type !== 'ObjectExpression'
          )
            return
          for (const property of arg.properties as (Node & { key?: Node & { name?: string } })[]) {
            const name = property.key?.name
            if (property.type !== 'Property' || !name || !serverOnlyKeys.has(name)) continue
            if (!code.startsWith(name, property.start)) this.error(`${id}: unexpected offsets for ${name}`)
            // The property, its comma and the line break after it.
            const end = /^\s*,?[ \t]*\n?/.exec(code.slice(property.end))?.[0].length ?? 0
            cuts.push([property.start, property.end + end])
          }
        })
        if (cuts.length === 0) return null
        let out = code
        for (const [start, end] of cuts.sort((a, b) => b[0] - a[0]))
          out = out.slice(0, start) + out.slice(end)
        return { code: out, map: null }
      },
    },
  }
}

/** Whether evaluating `node` calls anything (a function or class body is not evaluated by being declared). */
function callsAnything(node: Node): boolean {
  if (node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression') return false
  if (
    node.type === 'CallExpression' ||
    node.type === 'NewExpression' ||
    node.type === 'TaggedTemplateExpression'
  )
    return true
  return Object.values(node).some((value) =>
    Array.isArray(value)
      ? value.some((item) => isNode(item) && callsAnything(item))
      : isNode(value) && callsAnything(value),
  )
}

/**
 * The contract modules (packages/domain) declare data: top-level `const X = z.object(…)`, tables, lists.
 * A bundler cannot know that building such a value has no side effect, so it keeps every schema of a
 * module the web imports anything from. In the web's build this wraps each top-level declaration's value
 * in a `@__PURE__` function call, so what the web does not use is dropped. The one real side effect of the
 * package, common/zod-messages.ts (`z.config(…)`, a statement, not a declaration), is left as it is.
 */
export function pureDomainDeclarations(): Plugin {
  return {
    name: 'expedo-pure-domain-declarations',
    apply: 'build',
    transform: {
      filter: { id: /packages\/domain\/src\/.*\.ts$/ },
      handler(code, id) {
        const { program, errors } = parseSync(path.basename(id), code)
        if (errors.length) return null
        const values: Node[] = []
        for (const statement of program.body as unknown as Node[]) {
          const declaration = (
            statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement
          ) as Node | null
          if (declaration?.type !== 'VariableDeclaration') continue
          for (const declarator of declaration.declarations as Node[]) {
            if (isNode(declarator.init) && callsAnything(declarator.init)) values.push(declarator.init)
          }
        }
        if (values.length === 0) return null
        let out = code
        for (const value of values.sort((a, b) => b.start - a.start)) {
          const expression = out.slice(value.start, value.end)
          out = `${out.slice(0, value.start)}/* @__PURE__ */ (() => (${expression}))()${out.slice(value.end)}`
        }
        return { code: out, map: null }
      },
    },
  }
}

/**
 * Writes .vite/chunk-modules.json: for every chunk, the modules it holds (after tree-shaking) and their
 * size without comments and white space, largest first. scripts/first-load-size.ts reads it to say what
 * a page's bytes are made of (a module's share of its chunk's gzip size).
 */
export function chunkModules(): Plugin {
  return {
    name: 'expedo-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const root = path.resolve(import.meta.dirname, '../..')
      const chunks: Record<string, [string, number][]> = {}
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        chunks[output.fileName] = Object.entries(output.modules)
          .map(([id, m]): [string, number] => {
            const file = id.replace(/\?.*$/, '')
            const code = m.code ?? ''
            let size = code.length
            try {
              size = minifySync('module.js', code, { compress: false, mangle: false }).code.length
            } catch {
              // not plain JavaScript: keep the rendered length
            }
            return [path.relative(root, file), size]
          })
          .filter(([, size]) => size > 0)
          .sort((a, b) => b[1] - a[1])
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(chunks) })
    },
  }
}

const filterDropdown = /node_modules\/antd\/es\/table\/hooks\/useFilter\/FilterDropdown\.js$/
const ORIGINAL = '?original'

/**
 * antd's Table bundles the dropdown of its column filters (with Tree, Radio, Menu and a search box,
 * about 17 KB gzip) into every table, whether a column has `filters` or not; no table here has any yet.
 * This loads the dropdown on demand instead: the table imports a small stand-in that renders the column
 * title and lazily the real dropdown (the same file, `?original`), which then replaces it. A column with
 * filters works as before, its filter icon appearing once the chunk is in.
 */
export function lazyTableFilterDropdown(): Plugin {
  return {
    name: 'expedo-lazy-table-filter-dropdown',
    apply: 'build',
    load: {
      filter: { id: /node_modules\/antd\/es\/table\/hooks\/useFilter\/FilterDropdown\.js/ },
      async handler(id) {
        if (id.endsWith(ORIGINAL)) return readFile(id.slice(0, -ORIGINAL.length), 'utf8')
        if (!filterDropdown.test(id)) return null
        return `import * as React from 'react'
const Original = React.lazy(() => import(${JSON.stringify(id + ORIGINAL)}))
/** antd's own (FilterDropdown.js): the keys of a filter tree. */
export function flattenKeys(filters) {
  const keys = []
  for (const { value, children } of filters || []) {
    keys.push(value)
    if (children) keys.push(...flattenKeys(children))
  }
  return keys
}
export default function FilterDropdown(props) {
  return React.createElement(React.Suspense, { fallback: props.children }, React.createElement(Original, props))
}
`
      },
    },
  }
}
