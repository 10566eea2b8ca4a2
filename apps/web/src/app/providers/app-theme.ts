import type { ThemeConfig } from 'antd'

const teal = '#0f766e'
const ink = '#0b2e2b'

/**
 * Tag text on its light background, at least 4.5:1 (WCAG AA): antd writes a preset tag in the 7th shade of
 * its palette on the 1st, too pale for these presets (green 3.4:1, gold 2.8:1...), so they take a darker
 * shade; red, blue, geekblue, purple and magenta already pass. The status presets (success, warning) use
 * the status colours, darkened here for tags only (error is darkened everywhere, see `colorError`).
 */
const tagText = {
  volcano7: '#ad2102',
  orange7: '#ad4e00',
  gold7: '#874d00',
  yellow7: '#876800',
  lime7: '#3f6600',
  green7: '#237804',
  cyan7: '#006d75',
  colorSuccess: '#237804',
  colorWarning: '#874d00',
}

/**
 * Expedo's look: antd's defaults with the brand teal, a calm grey page and a deep teal menu. Secondary
 * text (descriptions, labels of descriptions, help texts, empty states) and placeholders are darker than
 * antd's (45 % and 25 % black), so they reach 4.5:1 on white and on the grey page (WCAG AA); so is the
 * error red (antd's #ff4d4f is 3.3:1 on white), used for validation messages, danger text and buttons.
 */
export const appTheme: ThemeConfig = {
  // A fixed name for the theme's CSS variables (antd takes React's useId otherwise, which differs between
  // the build's extraction of the static styles, antd-static-styles.ts, and the page).
  cssVar: { key: 'expedo' },
  token: {
    colorPrimary: teal,
    colorInfo: teal,
    // antd derives the info background from the seed; from this dark teal it is a grey (#a8b5b2) on which
    // teal text is 2.6:1 ('processing' tags). A light teal instead: 4.8:1.
    colorInfoBg: '#e6f4f1',
    colorInfoBorder: '#9fd3ca',
    colorLink: teal,
    colorError: '#cf1322',
    // Success and warning text (Typography type="success" / "warning") in the tags' darker shades.
    colorSuccessText: tagText.colorSuccess,
    colorWarningText: tagText.colorWarning,
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
    colorBgLayout: '#f3f6f6',
    borderRadius: 8,
    fontFamily:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Liberation Sans', sans-serif",
  },
  components: {
    Tag: tagText,
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
