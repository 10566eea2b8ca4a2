import { LockOutlined, UserOutlined } from '@ant-design/icons'
import { Button } from 'antd'
// The two inputs alone: `Input` from 'antd' also brings Search, TextArea and OTP onto the sign-in page.
import Input from 'antd/es/input/Input'
import Password from 'antd/es/input/Password'
import { type FormEvent, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FieldRow } from './field-row'

export interface Credentials {
  username: string
  password: string
}

type Errors = Partial<Record<keyof Credentials, string>>

interface CredentialsFormProps {
  /** A new account: the password policy (this minimum length) applies and the browser offers to generate one. */
  newPasswordMinLength?: number
  submitLabel: string
  isPending: boolean
  onSubmit: (values: Credentials) => void
  /** Called once, on the first keystroke. */
  onFirstInput?: () => void
}

const USERNAME_PATTERN = /^[A-Za-z0-9._@-]{3,64}$/

/**
 * Username and password with visible labels; Enter submits, the username field has the focus.
 * A plain form with antd inputs: antd Form would weigh more than the rest of the sign-in page.
 */
export function CredentialsForm({
  newPasswordMinLength,
  submitLabel,
  isPending,
  onSubmit,
  onFirstInput,
}: CredentialsFormProps) {
  const { t } = useTranslation('auth')
  const id = useId()
  const [values, setValues] = useState<Credentials>({ username: '', password: '' })
  const [errors, setErrors] = useState<Errors>({})
  const [isSubmitted, setIsSubmitted] = useState(false)
  const hasInput = useRef(false)
  const isNewAccount = newPasswordMinLength !== undefined

  const validate = (next: Credentials): Errors => {
    const found: Errors = {}
    const username = next.username.trim()
    if (!username) found.username = t('fields.usernameRequired')
    else if (isNewAccount && !USERNAME_PATTERN.test(username)) found.username = t('fields.usernameFormat')
    if (!next.password) found.password = t('fields.passwordRequired')
    else if (isNewAccount && next.password.length < newPasswordMinLength) {
      found.password = t('fields.passwordMin', { min: newPasswordMinLength })
    }
    return found
  }

  const handleChange = (field: keyof Credentials, value: string) => {
    const next = { ...values, [field]: value }
    setValues(next)
    // After a first submit, errors follow the typing.
    if (isSubmitted) setErrors(validate(next))
    if (!hasInput.current) {
      hasInput.current = true
      onFirstInput?.()
    }
  }

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setIsSubmitted(true)
    const found = validate(values)
    setErrors(found)
    if (Object.keys(found).length > 0) {
      document.getElementById(`${id}-${found.username ? 'username' : 'password'}`)?.focus()
      return
    }
    onSubmit({ username: values.username.trim(), password: values.password })
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-busy={isPending}>
      <FieldRow id={`${id}-username`} label={t('fields.username')} error={errors.username}>
        <Input
          id={`${id}-username`}
          name="username"
          size="large"
          prefix={<UserOutlined />}
          value={values.username}
          onChange={(event) => handleChange('username', event.target.value)}
          status={errors.username ? 'error' : undefined}
          aria-invalid={Boolean(errors.username)}
          aria-describedby={errors.username ? `${id}-username-error` : undefined}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          required
          readOnly={isPending}
        />
      </FieldRow>
      <FieldRow
        id={`${id}-password`}
        label={t('fields.password')}
        error={errors.password}
        hint={isNewAccount ? t('fields.passwordMin', { min: newPasswordMinLength }) : undefined}
      >
        <Password
          id={`${id}-password`}
          name="password"
          size="large"
          prefix={<LockOutlined />}
          value={values.password}
          onChange={(event) => handleChange('password', event.target.value)}
          status={errors.password ? 'error' : undefined}
          aria-invalid={Boolean(errors.password)}
          aria-describedby={`${id}-password-${errors.password ? 'error' : 'hint'}`}
          autoComplete={isNewAccount ? 'new-password' : 'current-password'}
          required
          readOnly={isPending}
        />
      </FieldRow>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={isPending}
        style={{ marginTop: 8 }}
      >
        {submitLabel}
      </Button>
    </form>
  )
}
