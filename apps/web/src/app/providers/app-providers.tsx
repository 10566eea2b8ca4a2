import { QueryClientProvider } from '@tanstack/react-query'
import { ConfigProvider } from 'antd'
import type { ReactNode } from 'react'
import { queryClient } from '@/lib/query-client'
import { useAntdLocale } from '@/lib/ui-locale'
import { appTheme } from './app-theme'

/** Server state, the theme and antd's locale (it follows the interface language, see lib/ui-locale). */
export function AppProviders({ children }: { children: ReactNode }) {
  const locale = useAntdLocale()
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={appTheme} locale={locale}>
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  )
}
