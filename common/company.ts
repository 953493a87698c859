/**
 * Company settings shared by the server and the client (spec 3 Company, 9): the closed lists the company-info
 * screen offers.
 */

/** Company sizes (spec 9). */
export const companySizes = ['1-10', '10-100', '100-1000', '1000+'] as const;
export type CompanySize = (typeof companySizes)[number];

/**
 * The letterhead (kop surat) on a company's documents: `default` is a title block with the logo and name;
 * `letterhead` adds the address, phone, email, website and NPWP under a rule, as on printed company paper.
 */
export const kopTemplates = ['default', 'letterhead'] as const;
export type KopTemplate = (typeof kopTemplates)[number];

/** JKK rates in percent as the company record stores them (text: the six statutory risk groups, spec 9). */
export const companyJkkPercentages = ['0', '0.24', '0.54', '0.89', '1.27', '1.74'] as const;
export type CompanyJkkPercentage = (typeof companyJkkPercentages)[number];
