import { endpoints, type SysLang } from '@expedo/domain'
import { useMutation } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { changeLanguage } from '@/lib/i18n'
import { sessionStore } from '@/lib/session'

/** PUT /users {settings.sys_lang}: the answer replaces the current user (new token), then the interface switches. */
export function useUpdateSysLang() {
  return useMutation({
    mutationFn: (sysLang: SysLang) =>
      call(endpoints.users.updateSettings, { body: { 'settings.sys_lang': sysLang } }),
    onSuccess: async (user) => {
      await changeLanguage(user.sys_lang)
      sessionStore.signIn(user)
    },
  })
}
