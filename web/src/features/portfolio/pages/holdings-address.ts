/** The address of one firm's holdings in one segment (docs/product/portfolio.md#holdings): bookmarkable. */
export function holdingsAddress(firmName: string, segmentName: string): string {
  return `/holdings/${encodeURIComponent(firmName)}/${encodeURIComponent(segmentName)}`;
}
