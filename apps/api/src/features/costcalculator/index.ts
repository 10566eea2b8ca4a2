export { costCalculatorRoutes } from './costcalculator.routes.ts'
export { type CostCalculatorService, createCostCalculatorService } from './costcalculator.service.ts'
