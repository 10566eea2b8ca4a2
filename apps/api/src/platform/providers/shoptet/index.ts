export * from './shoptet-client.ts'
export * from './shoptet-webhook-signature.ts'
