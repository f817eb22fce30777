/**
 * The old app's text helper: camelCase, snake_case or UPPER_CASE text is shown as spaced
 * words, each capitalised ("profitLossForPeriod" -> "Profit Loss For Period",
 * "UPLOAD_STOCK_PRICE" -> "Upload Stock Price").
 */
export function toDisplayWords(text: string): string {
  const words = text
    .replace(/[_\-\s]+/g, ' ')
    // split "profitLoss" and "ISINCode" at the case boundaries
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .split(' ')
    .filter((word) => word.length > 0);
  return words
    .map((word) => {
      // an all-caps input like UPLOAD_STOCK is shouting, not an acronym list
      const lower = word.toLowerCase();
      return lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join(' ');
}
