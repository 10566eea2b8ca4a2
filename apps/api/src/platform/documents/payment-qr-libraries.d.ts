// Two payment-QR libraries ship no types that NodeNext resolution finds (spayd's exports map has no
// "types"; sepa-payment-qr-code has none): the parts we call, typed from their sources.

declare module 'spayd' {
  interface PaymentDescription {
    acc: string
    am?: string
    cc?: string
    dt?: Date
    msg?: string
    rn?: string
    xvs?: string
    xss?: string
    xks?: string
  }
  export default function spayd(paymentDescription: PaymentDescription): string
}

declare module 'sepa-payment-qr-code' {
  interface EpcPayment {
    name: string
    iban: string
    bic?: string
    amount: number | null
    purposeCode?: string
    structuredReference?: string
    unstructuredReference?: string
    information?: string
  }
  export default function generateQrCode(data: EpcPayment): string
}
