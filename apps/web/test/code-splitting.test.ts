import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { edgesOf, pagesOutsideLayout } from '../code-splitting'

describe('the signed-in pages’ chunks (code-splitting.ts)', () => {
  it('reads from the route table the pages shown without the layout, and only those', () => {
    const file = path.resolve(import.meta.dirname, '../src/app/router/route-table.tsx')
    expect(pagesOutsideLayout(readFileSync(file, 'utf8'), 'route-table.tsx').sort()).toEqual([
      '@/features/auth/pages/demo-login-page',
      '@/features/auth/pages/login-as-page',
      '@/features/auth/pages/sign-up-page',
      '@/features/eshops/pages/shoptet-activation-page',
    ])
  })

  it('follows a re-export file to the module of each name imported from it, not to all of them', () => {
    const barrel = edgesOf(
      'index.js',
      `import warning from './_util/warning'
export { default as Button } from './button'
export { default as Table, useTable as tableHook } from './table'
export * from './icons'
export * as theme from './theme'`,
    )
    expect(barrel.imports).toEqual([{ source: './_util/warning', names: new Set(['default']) }])
    expect(barrel.reexports).toEqual([
      { source: './button', from: 'default', as: 'Button' },
      { source: './table', from: 'default', as: 'Table' },
      { source: './table', from: 'useTable', as: 'tableHook' },
      { source: './theme', from: '*', as: 'theme' },
    ])
    expect(barrel.stars).toEqual(['./icons'])

    const page = edgesOf(
      'page.tsx',
      `import './styles.css'
import * as all from 'lib'
import Default, { Button, type ButtonProps } from 'antd'
import type { Key } from 'react'
import { type Dayjs } from 'dayjs'
export const x = 1`,
    )
    expect(page.imports).toEqual([
      { source: './styles.css', names: '*' },
      { source: 'lib', names: '*' },
      { source: 'antd', names: new Set(['default', 'Button']) },
      { source: 'dayjs', names: new Set() },
    ])
  })
})
