// Where the Tests slice keeps the suite and its trends on this device (localStorage keys).
export const SUITE_STORAGE_KEY = 'loupe.tests';
export const TREND_STORAGE_KEY = 'loupe.tests.trend';
