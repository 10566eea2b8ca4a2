export * from './business-clients.table.ts'
export * from './logistics.table.ts'
export * from './users.table.ts'
