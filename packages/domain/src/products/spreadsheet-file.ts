/**
 * Spec §5 Excel upload: the file must be .xlsx, else '* Must be an Excel file ( .xlsx )'. An .xlsx is a ZIP
 * package, so its first bytes are a ZIP local-file header; a .csv (or anything else) renamed to .xlsx is
 * refused with the spec's message rather than failing later as a file that could not be read.
 */
const ZIP_LOCAL_FILE_HEADER = [0x50, 0x4b, 0x03, 0x04] // 'PK\x03\x04'

/** Whether a chosen file is an .xlsx, by its name and its first four bytes. */
export function isXlsxFile(name: string, firstBytes: Uint8Array): boolean {
  return /\.xlsx$/i.test(name) && ZIP_LOCAL_FILE_HEADER.every((byte, i) => firstBytes[i] === byte)
}
