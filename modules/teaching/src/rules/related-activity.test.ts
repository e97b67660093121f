import { describe, expect, it } from 'vitest';
import { activityWording, contractTotals, lineTotal } from './related-activity.js';

describe('related activity wording (SPEC §9)', () => {
  it('speaks of hours and an hourly rate for an hourly activity', () => {
    expect(activityWording(true)).toEqual({ amount: 'teaching.activity.hours', price: 'teaching.activity.hourlyRate', unit: 'teaching.activity.hourUnit' });
  });

  it('speaks of a quantity and a unit price otherwise', () => {
    expect(activityWording(false)).toEqual({ amount: 'teaching.activity.quantity', price: 'teaching.activity.unitPrice', unit: 'teaching.activity.unitUnit' });
  });

  it('totals a line to the cent', () => {
    expect(lineTotal(3.5, 42.1)).toBe(147.35);
    expect(lineTotal(0.1, 0.2)).toBe(0.02);
    expect(lineTotal(12, 0)).toBe(0);
  });

  it('totals a contract without floating-point drift', () => {
    const totals = contractTotals(
      [{ hours: 10.1 }, { hours: 20.2 }],
      [{ amount: 0.1, price: 30, isHour: true }, { amount: 0.2, price: 30, isHour: true }, { amount: 12, price: 8.5, isHour: false }],
    );
    expect(totals).toEqual({ teachingHours: 30.3, activityHours: 0.3, activityAmount: 111 });
  });
});
