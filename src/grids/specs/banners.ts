import { defineGrid } from '../types.ts';

/**
 * Developer area → banners (Ads; spec 2.2): title, description, redirect link, dates and the image (uploaded on the
 * banners screen: png, jpg or gif, checked by content on the server). Current banners show on company users' homes.
 */
export const bannersGrid = defineGrid({
  resource: 'banners',
  path: '/v1/banner',
  create: true,
  remove: true,
  defaultSort: '-created_at',
  title: (row) => row.title ?? '',
  dateRange: 'start_date',
  columns: [
    { field: 'title', kind: 'text', width: 280, pinned: 'left', required: true },
    { field: 'description', kind: 'longText', width: 340 },
    { field: 'link', kind: 'text', width: 240 },
    { field: 'start_date', kind: 'date' },
    { field: 'end_date', kind: 'date' },
    { field: 'image_url', kind: 'file', width: 150 },
    { field: 'created_at', kind: 'date', editable: false, hide: true },
  ],
});
