import type auth from '../locales/en/auth.json'
import type businessClients from '../locales/en/business-clients.json'
import type common from '../locales/en/common.json'
import type components from '../locales/en/components.json'
import type errors from '../locales/en/errors.json'
import type layout from '../locales/en/layout.json'

/** Typed keys: `t()` accepts only keys of the English catalogues (the reference language). */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common'
    resources: {
      common: typeof common
      auth: typeof auth
      layout: typeof layout
      errors: typeof errors
      components: typeof components
      'business-clients': typeof businessClients
    }
  }
}
