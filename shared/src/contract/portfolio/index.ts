/** REST contract of the portfolio area: brokerage firms, segments, charge types, charges, instruments, holdings, summary, alerts. */
export {};
