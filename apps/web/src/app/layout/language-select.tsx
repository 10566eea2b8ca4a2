import { GlobalOutlined } from '@ant-design/icons'
import { type SysLang, sysLangs } from '@expedo/domain/common/sys-langs'
import { theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { sysLangOf } from '@/lib/i18n'

/** Each language named in itself, the same in every catalogue (a language picker convention). */
const nativeNames: Record<SysLang, string> = {
  ENG: 'English',
  RO: 'Română',
  CZ: 'Čeština',
  SK: 'Slovenčina',
  RU: 'Русский',
}

/**
 * The language dropdown (spec: ENG, RO, CZ, SK, RU); what a choice does is up to the caller.
 * A native select: keyboard and screen readers work as everywhere, phones show their own picker,
 * and the sign-in page stays light (antd Select alone would add a tenth of its first load).
 */
export function LanguageSelect({
  onChange,
  isPending = false,
}: {
  onChange: (lang: SysLang) => void
  isPending?: boolean
}) {
  const { t, i18n } = useTranslation('layout')
  const { token } = theme.useToken()
  return (
    <span className="language-select" style={{ color: token.colorText, borderRadius: token.borderRadius }}>
      <GlobalOutlined aria-hidden="true" />
      <select
        aria-label={t('topBar.language')}
        value={sysLangOf(i18n.language)}
        onChange={(event) => onChange(event.target.value as SysLang)}
        disabled={isPending}
        aria-busy={isPending}
      >
        {sysLangs.map((lang) => (
          <option key={lang} value={lang} title={nativeNames[lang]}>
            {lang}
          </option>
        ))}
      </select>
    </span>
  )
}
