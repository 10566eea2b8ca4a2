/**
 * A name for a downloaded or zipped file (Content-Disposition, ZIP entries): only letters, digits, `_`, `.`
 * and `-`, every other run of characters one `_`, so every browser and unzip tool takes it as it is.
 */
export const safeFileName = (name: string) => name.replace(/[^\w.-]+/g, '_')
