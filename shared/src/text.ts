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

// initialisms are said letter by letter: these letters' names start with a vowel sound ("en", "ess", "aitch")
const VOWEL_SOUND_LETTERS = 'AEFHILMNORSX';

/**
 * The phrase after "a" or "an" as it is said: "an NSE equity bhavcopy", "an SMA", "a DEMA", "a quarterly table",
 * "an export". A first word in capitals (2 letters or more) is an initialism read letter by letter; other words take
 * "an" before a vowel. `capitalised` starts a sentence: "An SMA with window 4…".
 */
export function withIndefiniteArticle(phrase: string, capitalised = false): string {
  const firstWord = phrase.trim().split(/\s/)[0] ?? '';
  const initialism = /^[A-Z][A-Z0-9]+$/.test(firstWord);
  const first = firstWord.charAt(0);
  const vowelSound = initialism ? VOWEL_SOUND_LETTERS.includes(first) : /^[aeiou]/i.test(first);
  const article = vowelSound ? 'an' : 'a';
  return `${capitalised ? article.charAt(0).toUpperCase() + article.slice(1) : article} ${phrase}`;
}
