export { COURIER_LABEL_JOB } from './create-label.job.ts'
export { labelsRoutes } from './labels.routes.ts'
export { createLabelsService, LABEL_TRACKING_SCHEDULE, type LabelsService } from './labels.service.ts'
