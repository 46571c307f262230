import { type ApiSession, apiAs, expect, loginAs, test } from '../support/fixtures.ts';
import { rowWith } from './helpers.ts';

/*
 * No call creates sales reps or managers yet (the sign-up and "Add Sales Rep" screens are part 2's), so
 * these tests borrow the seeded second rep and second manager, which no other test uses, and the admin
 * puts them back afterwards. The e2e server starts from a fresh seed on every run.
 */
interface Person {
  id: number;
  email: string;
}

async function findByEmail(session: ApiSession, path: string, email: string): Promise<Person> {
  const page = await session.get<{ results: Person[] }>(`${path}?search=${encodeURIComponent(email)}`);
  const person = page.results.find((candidate) => candidate.email === email);
  expect(person, `${email} in ${path}`).toBeDefined();
  return person as Person;
}

test.describe('removing from a team', () => {
  test('a manager removes a rep from its team and the list updates at once', async ({ page, request }) => {
    const admin = await apiAs(request, 'admin');
    const manager = await apiAs(request, 'manager');
    const rep = await findByEmail(
      manager,
      `/api/v1/sales-rep/sales-manager/list/${manager.user.id}/`,
      'rep2@example.com',
    );
    try {
      await loginAs(page, 'manager');
      await page.goto('/dashboard');
      const row = rowWith(page, 'rep2@example.com');
      await expect(row).toBeVisible();
      await row.getByRole('button', { name: /Remove .* from the team/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove from team' });
      await expect(dialog.getByText('Remove Ray Second from your team?')).toBeVisible();
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await expect(page.getByText('Sales rep has been removed from the team.')).toBeVisible();
      await expect(row).toHaveCount(0);
      await expect(rowWith(page, 'rep@example.com')).toBeVisible();

      await page.reload();
      await expect(rowWith(page, 'rep@example.com')).toBeVisible();
      await expect(rowWith(page, 'rep2@example.com')).toHaveCount(0);
    } finally {
      await admin.post(`/api/v1/users/update/${rep.id}/`, { sales_manager_id: manager.user.id });
    }
  });

  test('a distributor removes a manager from its team', async ({ page, request }) => {
    const admin = await apiAs(request, 'admin');
    const distributor = await apiAs(request, 'distributor');
    const manager = await findByEmail(
      distributor,
      `/api/v1/sales-distributors/${distributor.user.id}/sales-managers/`,
      'manager2@example.com',
    );
    try {
      await loginAs(page, 'distributor');
      await page.goto('/dashboard');
      const row = rowWith(page, 'manager2@example.com');
      await row.getByRole('button', { name: /Remove .* from the team/ }).click();
      await page
        .getByRole('dialog', { name: 'Remove from team' })
        .getByRole('button', { name: 'Remove' })
        .click();
      await expect(page.getByText('Sales manager has been removed from the team.')).toBeVisible();
      await expect(row).toHaveCount(0);
      await expect(rowWith(page, 'manager@example.com')).toBeVisible();
    } finally {
      await admin.post(`/api/v1/users/update/${manager.id}/`, { sales_distributor_id: distributor.user.id });
    }
  });
});
