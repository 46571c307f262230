import { MEMBERSHIP } from '@portal/shared/memberships';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/seed/factories.ts';
import { createHarvestCenter, createPatient, createSalesRep } from '../src/seed/patient-factories.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

/**
 * The admin pickers' option lists (GET /api/v1/options/{list}/, issue 33): people of one name are told
 * apart (a description with the e-mail, and a patient's center), and the search is for names (and a
 * center's company), never for a piece of the e-mail such as its domain.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, { membershipId: MEMBERSHIP.admin });
});
afterAll(() => t.close());

type Option = { value: number; label: string; first_name: string; last_name: string; description: string };

async function options(list: string, search: string): Promise<Option[]> {
  const res = await injectAs(t.app, admin, {
    url: `/api/v1/options/${list}/?search=${encodeURIComponent(search)}&limit=20`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /api/v1/options/patients/', () => {
  it('three patients of one name are told apart by e-mail and center', async () => {
    const north = await createHarvestCenter(t.db, { company: 'Northside Harvest' });
    const south = await createHarvestCenter(t.db, { company: 'Southside Harvest' });
    const people = [
      await createPatient(t.db, {
        harvestCenter: north,
        firstName: 'Avaline',
        lastName: 'Kimura',
        email: 'avaline.k@patient.example',
      }),
      await createPatient(t.db, {
        harvestCenter: south,
        firstName: 'Avaline',
        lastName: 'Kimura',
        email: 'ak2@patient.example',
      }),
      await createPatient(t.db, {
        firstName: 'Avaline',
        lastName: 'Kimura',
        email: 'third.ak@patient.example',
      }),
    ];
    const found = await options('patients', 'avaline kimura');
    expect(found.map((o) => o.value).sort()).toEqual(people.map((p) => p.id).sort());
    expect(found.every((o) => o.label === 'Avaline Kimura')).toBe(true);
    const described = Object.fromEntries(found.map((o) => [o.value, o.description]));
    expect(described[people[0].id]).toBe('avaline.k@patient.example · Northside Harvest');
    expect(described[people[1].id]).toBe('ak2@patient.example · Southside Harvest');
    expect(described[people[2].id]).toBe('third.ak@patient.example');
    // The contract's fields stay as they were.
    expect(found[0]).toMatchObject({ first_name: 'Avaline', last_name: 'Kimura' });
  });

  it('matches names, not the e-mail: "patient." finds no one by the domain of the addresses', async () => {
    const domainOnly = await createPatient(t.db, {
      firstName: 'Quentin',
      lastName: 'Dobrev',
      email: 'quentin@patient.example',
    });
    expect((await options('patients', 'patient.')).map((o) => o.value)).not.toContain(domainOnly.id);
    expect((await options('patients', 'quentin@')).map((o) => o.value)).not.toContain(domainOnly.id);
    expect((await options('patients', 'Dobrev')).map((o) => o.value)).toEqual([domainOnly.id]);
    expect((await options('patients', 'quentin dob')).map((o) => o.value)).toEqual([domainOnly.id]);
  });
});

describe('the other people and center lists', () => {
  it('sales reps: found by name, not by e-mail; described by e-mail', async () => {
    const rep = await createSalesRep(t.db, {
      firstName: 'Ottilie',
      lastName: 'Marsh',
      email: 'ottilie@reps-mail.example',
    });
    expect(await options('sales-reps', 'reps-mail')).toEqual([]);
    expect(await options('sales-reps', 'ottilie marsh')).toEqual([
      expect.objectContaining({
        value: rep.id,
        label: 'Ottilie Marsh',
        description: 'ottilie@reps-mail.example',
      }),
    ]);
  });

  it('harvest centers: found by company or contact name, not by e-mail; described by e-mail and city', async () => {
    const hc = await createHarvestCenter(t.db, {
      company: 'Pinewood Clinic',
      firstName: 'Hollis',
      lastName: 'Fenwick',
      email: 'desk@centers-mail.example',
      city: 'Tulsa',
    });
    expect(await options('harvest-centers', 'centers-mail')).toEqual([]);
    for (const term of ['pinewood', 'hollis fenwick']) {
      expect(
        (await options('harvest-centers', term)).map((o) => o.value),
        term,
      ).toEqual([hc.id]);
    }
    expect((await options('harvest-centers', 'pinewood'))[0]).toMatchObject({
      label: 'Pinewood Clinic',
      description: 'desk@centers-mail.example · Tulsa',
    });
  });

  it("a search term's LIKE wildcards match only themselves", async () => {
    await createSalesRep(t.db, { firstName: 'Wilma', lastName: 'Card' });
    expect(await options('sales-reps', '%')).toEqual([]);
    expect(await options('sales-reps', '_')).toEqual([]);
  });
});
