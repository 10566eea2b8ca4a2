import { MIN_PASSWORD_LENGTH } from '@expedo/domain'
import { defaultSysLang, isSysLang, type SysLang } from '@expedo/domain/common/sys-langs'
import { Alert, Button, Form, Input } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { AuthCard } from '@/components/auth-card'
import { changeLanguage } from '@/lib/i18n'
import { isActivationRefused, isPasswordRefused, useActivateShoptet } from '../api/use-activate-shoptet'

const byLocale: Record<string, SysLang> = { CS: 'CZ', EN: 'ENG', SK: 'SK', RO: 'RO', RU: 'RU' }

/** The spec's syslang (CZ, SK, ENG, RO, RU; Shoptet may also send cs, sk, en…), or undefined. */
function languageOf(value: string | undefined): SysLang | undefined {
  const upper = (value ?? '').toUpperCase()
  return isSysLang(upper) ? upper : byLocale[upper]
}

/**
 * The segments after `/shoptet/newinstall/activation/`: `syslang/username/activationkey+`, or without the
 * language `username/activationkey+` (spec: syslang optional, default CZ). The key may contain '/'.
 */
export function activationLinkParts(path: string): {
  lang: SysLang
  username: string
  activationkey: string
} {
  const segments = path.split('/')
  const lang = segments.length >= 3 ? languageOf(segments[0]) : undefined
  const [username = '', ...key] = lang ? segments.slice(1) : segments
  return { lang: lang ?? defaultSysLang, username, activationkey: key.join('/') }
}

/**
 * /shoptet/newinstall/activation/:syslang?/:username/:activationkey+ (spec part 1 "Activation landing"):
 * the shop's owner chooses the password of the account the add-on's installation created; the page
 * speaks the shop's language. Success signs in and opens the new connection's settings.
 */
export function ShoptetActivationPage() {
  const { t } = useTranslation(['eshops', 'errors'])
  const { lang, username, activationkey } = activationLinkParts(useParams()['*'] ?? '')
  const navigate = useNavigate()
  const activate = useActivateShoptet()
  const [form] = Form.useForm<{ password: string }>()
  const [isExpired, setIsExpired] = useState(false)

  useEffect(() => {
    void changeLanguage(lang).catch(() => undefined)
  }, [lang])

  const handleFinish = async ({ password }: { password: string }) => {
    setIsExpired(false)
    try {
      const { eshopId } = await activate.mutateAsync({ activationkey, password, syslang: lang })
      void navigate(`/eshops/shoptet/${eshopId}`, { replace: true })
    } catch (error) {
      if (isActivationRefused(error)) setIsExpired(true)
      else if (isPasswordRefused(error))
        form.setFields([
          { name: 'password', errors: [t('activation.passwordMin', { min: MIN_PASSWORD_LENGTH })] },
        ])
    }
  }

  return (
    <AuthCard
      heading={t('activation.heading')}
      subtitle={t('activation.subtitle', { username })}
      footer={t('activation.footer')}
    >
      {isExpired && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('errors:ACTIVATION_EXPIRED')}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={handleFinish}
        disabled={activate.isPending}
      >
        <Form.Item label={t('activation.username')} htmlFor="activation-username">
          <Input id="activation-username" value={username} readOnly autoComplete="username" size="large" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('activation.password')}
          extra={t('activation.passwordMin', { min: MIN_PASSWORD_LENGTH })}
          rules={[
            { required: true, message: t('activation.passwordRequired') },
            { min: MIN_PASSWORD_LENGTH, message: t('activation.passwordMin', { min: MIN_PASSWORD_LENGTH }) },
          ]}
        >
          <Input.Password autoComplete="new-password" size="large" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={activate.isPending}>
          {t('activation.submit')}
        </Button>
      </Form>
    </AuthCard>
  )
}
