import { useEffect } from 'react';

export const PRODUCT_NAME = 'HR Workspace';

/** Every page title carries the product name (spec 1). */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
