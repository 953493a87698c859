/**
 * The years a date may have in the API (issue 10 section 5): anything else is a typing slip (`0000-01-01`,
 * `20244-01-01`), refused with a 400 by the server and explained by the client's field message.
 */
export const DATE_YEARS = { min: 1900, max: 2100 } as const;
