/** REST contract of the company area: companies, company analysis, corporate actions, financial statements. */
export {};
