import type { ThemeConfig } from 'antd'

const teal = '#0f766e'
const ink = '#0b2e2b'

/** Expedo's look: antd's defaults with the brand teal, a calm grey page and a deep teal menu. */
export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: teal,
    colorInfo: teal,
    colorLink: teal,
    colorBgLayout: '#f3f6f6',
    borderRadius: 8,
    fontFamily:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Liberation Sans', sans-serif",
  },
  components: {
    Layout: {
      siderBg: ink,
      headerBg: '#ffffff',
      headerHeight: 56,
      headerPadding: '0 16px',
      bodyBg: '#f3f6f6',
    },
    Menu: {
      darkItemBg: ink,
      darkSubMenuItemBg: '#072320',
      darkPopupBg: ink,
      darkItemSelectedBg: teal,
      darkItemColor: 'rgba(255, 255, 255, 0.74)',
    },
  },
}
