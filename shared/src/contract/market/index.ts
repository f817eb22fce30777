/** REST contract of the market area: stock prices, candles and series, trend lists, technical analysis. */
export {};
