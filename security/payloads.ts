/**
 * Request bodies of the attacks, shared by the security suite and the load benchmark's attacks:
 * a GraphQL multipart request (the form graphql-upload reads) carrying a batch of operations.
 */

/**
 * Every symbol's 12-month extremes: the costliest public read. Short, so 6,000 of them make a
 * 0.5 MB request, under graphql-upload's default field size (1 MB).
 */
export const TECHNICAL_ANALYSIS = '{ technicalAnalysis { asOf highestPrices { symbol highPrice lowPrice } } }';

/** What the page asks: well within every limit on its own. */
export const LIGHT_TECHNICAL_ANALYSIS = '{ technicalAnalysis { asOf highs { weekly { symbol } } } }';

/** `size` copies of one operation, as a batch. */
export const batch = (size: number, query = TECHNICAL_ANALYSIS) => Array.from({ length: size }, () => ({ query }));

/** A multipart/form-data body with the GraphQL multipart request spec's fields and no file. */
export function graphqlMultipart(operations: unknown, map: unknown = {}): { body: Buffer; contentType: string } {
  const boundary = `----security${Date.now()}`;
  const part = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = `${part('operations', JSON.stringify(operations))}${part('map', JSON.stringify(map))}--${boundary}--\r\n`;
  return { body: Buffer.from(body), contentType: `multipart/form-data; boundary=${boundary}` };
}
