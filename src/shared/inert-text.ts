// OWASP's CSV-injection rule, for every spreadsheet the product writes (the server's xlsx exports,
// files/xlsx.ts; the console's CSV, list-page/csv.ts): text a seller typed that starts with
// = + - @, a tab or a carriage return would be run as a formula by Excel or LibreOffice once the
// cell is edited or the file saved as CSV. It is written with a leading apostrophe: shown as text, never evaluated.

const FORMULA_START = /^[=+\-@\t\r]/;

/** The text as a spreadsheet cell may hold it: with a leading apostrophe when it would start a formula. */
export const inertText = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);
