import { describe, expect, it } from 'vitest';
import { patientStage, type StageRecord } from './timeline.ts';

const NOTHING: StageRecord = {
  dateAdiposeShippedToLab: null,
  dateAdiposeReceivedByLab: null,
  estimatedDateVialsReadyToShip: null,
  dateVialsReadyToShip: null,
  vialsAvailable: 0,
  vialsShipped: 0,
};

describe('patientStage', () => {
  it('follows the tissue from the account to the shipped vials, the furthest step winning', () => {
    expect(patientStage(NOTHING).key).toBe('registered');
    const shipped = { ...NOTHING, dateAdiposeShippedToLab: '2026-03-01' };
    expect(patientStage(shipped)).toMatchObject({
      key: 'in-transit',
      label: expect.stringContaining('1 Mar 2026'),
    });
    const received = {
      ...shipped,
      dateAdiposeReceivedByLab: '2026-03-02',
      estimatedDateVialsReadyToShip: '2026-03-12',
    };
    expect(patientStage(received)).toEqual({
      key: 'processing',
      label: 'Your vials are being prepared',
      next: 'Estimated ready on 12 Mar 2026.',
    });
    expect(patientStage({ ...received, estimatedDateVialsReadyToShip: null }).next).toContain(
      'sets the expected date',
    );
    const ready = { ...received, dateVialsReadyToShip: '2026-03-11', vialsAvailable: 4 };
    expect(patientStage(ready).key).toBe('ready');
    expect(patientStage({ ...ready, vialsShipped: 1, vialsAvailable: 3 })).toEqual({
      key: 'shipped',
      label: '1 of your vials has been shipped',
      next: '3 vials remain in storage.',
    });
    expect(patientStage({ ...ready, vialsShipped: 4, vialsAvailable: 0 })).toEqual({
      key: 'shipped',
      label: 'Your vials have been shipped',
      next: null,
    });
    // A shipment recorded without the earlier dates still says shipped.
    expect(patientStage({ ...NOTHING, vialsShipped: 2 }).key).toBe('shipped');
  });
});
