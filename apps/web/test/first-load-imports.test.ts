import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * What /signin loads first is everything src/main.tsx reaches by static imports (ADR 0007). This walks
 * that graph and fails on the imports that would blow the 250 KB budget: the domain barrel (it brings
 * zod and every schema), zod itself, and the heavy antd components.
 */
const src = path.resolve(import.meta.dirname, '../src')
const heavyAntd = [
  'Form',
  'Select',
  'Card',
  'Typography',
  'Table',
  'Menu',
  'Dropdown',
  'Modal',
  'DatePicker',
  'Tabs',
  'Input',
]

/** Static imports and re-exports, type-only ones left out; `import { type A }` still loads the module. */
function staticImports(code: string): { names: string; from: string }[] {
  const found: { names: string; from: string }[] = []
  for (const match of code.matchAll(
    /^\s*(?:import|export)\s+(?!type\s)([\s\S]*?)\s*from\s*['"]([^'"]+)['"]/gm,
  )) {
    found.push({ names: match[1] ?? '', from: match[2] ?? '' })
  }
  for (const match of code.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm))
    found.push({ names: '', from: match[1] ?? '' })
  return found
}

function resolveLocal(from: string, spec: string): string | undefined {
  const base = spec.startsWith('@/')
    ? path.join(src, spec.slice(2))
    : spec.startsWith('.')
      ? path.resolve(path.dirname(from), spec)
      : undefined
  if (!base) return undefined
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((ext) => base + ext)
    .find((file) => existsSync(file) && statSync(file).isFile() && /\.tsx?$/.test(file))
}

function firstLoadProblems(): string[] {
  const problems: string[] = []
  const seen = new Set<string>()
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return
    seen.add(file)
    const here = [...chain, path.relative(src, file)]
    for (const { names, from } of staticImports(readFileSync(file, 'utf8'))) {
      const local = resolveLocal(file, from)
      if (local) {
        walk(local, here)
      } else if (from === '@expedo/domain' || from === 'zod' || from.startsWith('zod/')) {
        problems.push(`${here.join(' → ')} imports '${from}'`)
      } else if (from === 'antd') {
        const heavy = heavyAntd.filter((name) => new RegExp(`\\b${name}\\b`).test(names))
        if (heavy.length > 0) problems.push(`${here.join(' → ')} imports ${heavy.join(', ')} from 'antd'`)
      }
    }
  }
  walk(path.join(src, 'main.tsx'), [])
  return problems
}

describe('first load of /signin', () => {
  it('reaches neither zod, the domain barrel nor heavy antd components by static imports', () => {
    expect(firstLoadProblems()).toEqual([])
  })
})
