/** What the browser tests share: signing in through the login form, and finding a grid and its cells. */
import { expect, type Page } from '@playwright/test';

/** The demo company's admin (server/seed/demo.ts). */
export const ADMIN = { username: 'admin', password: 'demo12345' };

/** Signs in through the login form and waits for the signed-in layout, which hosts the palette. */
export async function signIn(page: Page, login: { username: string; password: string } = ADMIN) {
  await page.goto('/');
  await page.getByLabel('Username or email').fill(login.username);
  await page.getByLabel('Password').fill(login.password);
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL('/dashboard/home');
  await expect(page.getByRole('button', { name: /Search screens and commands/ })).toBeVisible();
}

/** The screen's grid (a tree grid when rows are selectable). */
export const grid = (page: Page) => page.getByRole('treegrid').or(page.getByRole('grid')).first();

/** A cell by row index and field, as AG Grid marks them. */
export const cell = (page: Page, rowIndex: number, field: string) =>
  grid(page).locator(`[row-index="${rowIndex}"] [col-id="${field}"]`).first();
