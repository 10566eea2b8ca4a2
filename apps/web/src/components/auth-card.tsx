import { theme } from 'antd'
import type { ReactNode } from 'react'

/**
 * The card of the public pages (sign-in, sign-up, the Shoptet activation landing): heading, a short line under it, the form, a footer link.
 * Plain elements styled by the theme's tokens (antd Card and Typography would double the first load).
 */
export function AuthCard({
  heading,
  subtitle,
  footer,
  children,
}: {
  heading: string
  subtitle: string
  footer: ReactNode
  children: ReactNode
}) {
  const { token } = theme.useToken()
  return (
    <section
      style={{
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        boxShadow: '0 12px 32px rgba(15, 118, 110, 0.12)',
        padding: 'clamp(20px, 6vw, 32px)',
      }}
    >
      <h1
        style={{
          margin: '0 0 4px',
          fontSize: 28,
          fontWeight: 600,
          lineHeight: 1.3,
          color: token.colorTextHeading,
          whiteSpace: 'pre-wrap',
        }}
      >
        {heading}
      </h1>
      <p style={{ margin: '0 0 24px', color: token.colorTextSecondary }}>{subtitle}</p>
      {children}
      <p style={{ margin: '24px 0 0', textAlign: 'center', color: token.colorText }}>{footer}</p>
    </section>
  )
}
