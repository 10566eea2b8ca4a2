import { createBrowserRouter } from 'react-router'
import { routeObjects } from './route-objects'

export const router = createBrowserRouter(routeObjects)
