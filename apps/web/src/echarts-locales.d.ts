/** ECharts' locale objects (echarts/i18n/lang<XX>-obj.js) ship without types; they have the English one's shape. */
declare module 'echarts/i18n/*-obj.js' {
  const locale: Parameters<typeof import('echarts/core').registerLocale>[1]
  export default locale
}
