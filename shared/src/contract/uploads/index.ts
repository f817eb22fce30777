/** REST contract of the uploads area: market-data uploads, their kinds, history and uploaded dates. */
export {};
