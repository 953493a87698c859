import { themeQuartz } from 'ag-grid-community';

/** The app's look, through AG Grid's Theming API. */
export const gridTheme = themeQuartz.withParams({
  accentColor: 'var(--accent)',
  backgroundColor: 'var(--surface)',
  foregroundColor: 'var(--text)',
  borderColor: 'var(--border)',
  headerBackgroundColor: 'var(--bg)',
  fontFamily: 'inherit',
  fontSize: 14,
  rowHeight: 36,
  headerHeight: 38,
  wrapperBorderRadius: 8,
});
