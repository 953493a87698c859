/**
 * The developer's platform lists (spec 2.2, 3): banners (Ads) and company-level announcements. Both are platform data
 * (no company of their own), written by the developer through the generic routes and read by company users only
 * through their home (./home.ts), never through these lists.
 */
import { Type } from '@sinclair/typebox';
import { banners, companyAnnouncements } from '../db/schema.ts';
import { defineResource } from '../resources/define.ts';

const endNotBeforeStart = (row: Readonly<Record<string, unknown>>) =>
  row.start_date && row.end_date && String(row.end_date) < String(row.start_date)
    ? { errors: { end_date: { code: 'after_start', message: 'must not be before the start date' } } }
    : null;

/** An uploaded image: `POST /v1/files?accept=image` names it after the type its content showed (spec 5). */
export const bannerImage = Type.Union([
  Type.String({
    pattern: '^/v1/files/[a-f0-9]{32}\\.(png|jpg|gif)$',
    description: 'An uploaded PNG, JPEG or GIF (POST /v1/files?accept=image), checked by content',
  }),
  Type.Null(),
]);

export const bannersResource = defineResource({
  name: 'banners',
  path: '/banner',
  table: banners,
  menu: 'banners',
  scope: 'platform',
  label: 'Banner',
  title: (row) => String(row.title),
  search: ['title', 'description', 'link'],
  filters: ['start_date', 'end_date', 'created_at'],
  sort: ['title', 'start_date', 'end_date', 'created_at', 'updated_at'],
  defaultSort: '-created_at',
  refine: {
    title: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.Union([Type.String({ maxLength: 1000 }), Type.Null()]),
    link: Type.Union([
      Type.String({ pattern: '^https?://[^\\s]{1,500}$', description: 'Where a click on the banner leads' }),
      Type.Null(),
    ]),
    image_url: bannerImage,
  },
  check: endNotBeforeStart,
});

export const companyAnnouncementsResource = defineResource({
  name: 'announcements-company',
  path: '/dev/announcement-company',
  table: companyAnnouncements,
  menu: 'announcements-company',
  scope: 'platform',
  label: 'Company announcement',
  title: (row) => `${row.title} (${row.start_date})`,
  search: ['title', 'content'],
  filters: ['start_date', 'end_date', 'created_at'],
  sort: ['title', 'start_date', 'end_date', 'created_at', 'updated_at'],
  defaultSort: '-start_date',
  refine: {
    title: Type.String({ minLength: 1, maxLength: 200 }),
    content: Type.String({ minLength: 1, maxLength: 5000 }),
    companies: Type.Array(Type.String({ format: 'uuid' }), {
      maxItems: 5000,
      uniqueItems: true,
      description: 'The companies whose admins see it',
    }),
  },
  check: endNotBeforeStart,
});

export const platformResources = [bannersResource, companyAnnouncementsResource];
