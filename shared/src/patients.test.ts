import { describe, expect, it } from 'vitest';
import {
  computeEstimatedVialsReadyDate,
  ESTIMATED_VIALS_READY_DAYS,
  inheritedSalesRepId,
  LAB_STAGE_LABELS,
  patientLabStage,
  ZPatientCreate,
  ZPatientUpdate,
} from './patients.ts';

describe('estimated vials-ready date', () => {
  it('is the received date + 70 days when not set manually', () => {
    expect(ESTIMATED_VIALS_READY_DAYS).toBe(70);
    expect(
      computeEstimatedVialsReadyDate({ receivedByLab: '2026-01-10', setManually: false, manualDate: null }),
    ).toBe('2026-03-21');
    // Across a leap day and a year end.
    expect(
      computeEstimatedVialsReadyDate({ receivedByLab: '2028-02-01', setManually: false, manualDate: null }),
    ).toBe('2028-04-11');
    expect(
      computeEstimatedVialsReadyDate({ receivedByLab: '2026-11-15', setManually: false, manualDate: null }),
    ).toBe('2027-01-24');
  });

  it('ignores a typed date unless set manually', () => {
    expect(
      computeEstimatedVialsReadyDate({
        receivedByLab: '2026-01-10',
        setManually: false,
        manualDate: '2026-02-01',
      }),
    ).toBe('2026-03-21');
    expect(
      computeEstimatedVialsReadyDate({
        receivedByLab: '2026-01-10',
        setManually: true,
        manualDate: '2026-02-01',
      }),
    ).toBe('2026-02-01');
    expect(
      computeEstimatedVialsReadyDate({ receivedByLab: '2026-01-10', setManually: true, manualDate: null }),
    ).toBe(null);
  });

  it('is empty while the lab has received nothing', () => {
    expect(
      computeEstimatedVialsReadyDate({ receivedByLab: null, setManually: false, manualDate: '2026-02-01' }),
    ).toBe(null);
  });
});

describe('sales rep inherited from the picked center', () => {
  const none = { changed: false, id: null, salesRepId: null };
  it('keeps the rep when no center changes', () => {
    expect(inheritedSalesRepId({ changed: false, id: 4, salesRepId: 30 }, none)).toBeUndefined();
  });
  it("takes the picked HC's rep, or none when the HC has none", () => {
    expect(inheritedSalesRepId({ changed: true, id: 4, salesRepId: 30 }, none)).toBe(30);
    expect(
      inheritedSalesRepId({ changed: true, id: 4, salesRepId: null }, { ...none, id: 5, salesRepId: 31 }),
    ).toBe(null);
  });
  it("takes the picked RHC's rep when only the RHC changes", () => {
    expect(
      inheritedSalesRepId(
        { changed: false, id: 4, salesRepId: 30 },
        { changed: true, id: 5, salesRepId: 31 },
      ),
    ).toBe(31);
  });
  it('prefers the HC when both are picked at once', () => {
    expect(
      inheritedSalesRepId({ changed: true, id: 4, salesRepId: 30 }, { changed: true, id: 5, salesRepId: 31 }),
    ).toBe(30);
  });
  it('falls back to the remaining center when one is cleared, else none', () => {
    expect(
      inheritedSalesRepId({ changed: true, id: null, salesRepId: null }, { ...none, id: 5, salesRepId: 31 }),
    ).toBe(31);
    expect(
      inheritedSalesRepId(
        { changed: false, id: 4, salesRepId: 30 },
        { changed: true, id: null, salesRepId: null },
      ),
    ).toBe(30);
    expect(inheritedSalesRepId({ changed: true, id: null, salesRepId: null }, none)).toBe(null);
  });
});

describe('lab stage', () => {
  const base = {
    date_adipose_shipped_to_lab: null,
    date_adipose_received_by_lab: null,
    stemcell_plating_initiated_date: null,
    date_vials_ready_to_ship: null,
    vials_available: 0,
    vials_shipped: 0,
  };
  it('follows the furthest step reached', () => {
    expect(patientLabStage(base)).toBe('registered');
    expect(patientLabStage({ ...base, date_adipose_shipped_to_lab: '2026-01-01' })).toBe('shipped_to_lab');
    expect(patientLabStage({ ...base, date_adipose_received_by_lab: '2026-01-02' })).toBe('received_by_lab');
    expect(patientLabStage({ ...base, stemcell_plating_initiated_date: '2026-01-05' })).toBe('plating');
    expect(patientLabStage({ ...base, date_vials_ready_to_ship: '2026-03-01' })).toBe('ready');
    expect(patientLabStage({ ...base, vials_available: 3 })).toBe('vials');
    expect(patientLabStage({ ...base, vials_available: 1, vials_shipped: 2 })).toBe('vials');
  });

  it('agrees with the vial totals: none left but some shipped is "All vials shipped", not storage', () => {
    const shippedAll = { ...base, date_vials_ready_to_ship: '2026-03-01', vials_shipped: 2 };
    expect(patientLabStage(shippedAll)).toBe('all_shipped');
    expect(LAB_STAGE_LABELS[patientLabStage(shippedAll)]).toBe('All vials shipped');
    // Totals win over the dates: vials on hand are in storage even before a ready date is set.
    expect(patientLabStage({ ...base, vials_available: 1 })).toBe('vials');
  });
});

describe('patient form schemas', () => {
  it('accepts nulls for cleared dates and refuses impossible ones', () => {
    expect(ZPatientUpdate.safeParse({ date_adipose_received_by_lab: null }).success).toBe(true);
    expect(ZPatientUpdate.safeParse({ date_adipose_received_by_lab: '2026-02-30' }).success).toBe(false);
    expect(ZPatientUpdate.safeParse({ number_times_qc_done: -1 }).success).toBe(false);
    expect(ZPatientUpdate.safeParse({ hla_typing_test: 3 }).success).toBe(false);
  });
  it('requires name and e-mail to create', () => {
    expect(ZPatientCreate.safeParse({ first_name: 'A', last_name: 'B' }).success).toBe(false);
    const parsed = ZPatientCreate.parse({ first_name: ' A ', last_name: 'B', email: 'X@Example.com' });
    expect(parsed).toMatchObject({ first_name: 'A', email: 'x@example.com' });
  });
});
