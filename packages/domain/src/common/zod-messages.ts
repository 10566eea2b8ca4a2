import { z } from 'zod'

/**
 * Short, field-relative messages ("is required", "must be a number") for every schema of the API,
 * so a 400 reads "password: is required" rather than zod's generic wording.
 */
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type') {
      return issue.input === undefined || issue.input === null ? 'is required' : `must be a ${issue.expected}`
    }
    if (issue.code === 'invalid_value') return `must be one of: ${issue.values.map(String).join(', ')}`
    if (issue.code === 'unrecognized_keys') return 'is not a known field'
    if (issue.code === 'invalid_union') return 'is not valid'
    return undefined
  },
})
